/**
 * "While you were away": what waited while nobody was at any client, and for how long, given
 * once as a summary to the client the user comes back to. A pure reducer on the caller's clock:
 * the focus across clients (combinedView) and each pane's attention go in; a summary comes out
 * on return, when the absence lasted at least the settings' minimum and something waited.
 */
import type { AttentionKind, AwayEntry, AwaySummary, PendingAlert } from '../../shared/domain/attention'
import type { PaneId } from '../../shared/domain/pane'

export const enum AwayConstants {
  /** A board left alone for days keeps the newest this many; the summary says how many more. */
  MaxEntries = 50,
}

export interface AwayState {
  /** When the last focused client lost the focus; null while the user is at one. */
  readonly since: number | null
  readonly entries: readonly AwayEntry[]
  readonly more: number
  /** Each pane's attention now (kept while the user is there too, to seed an absence). */
  readonly open: Readonly<Record<PaneId, { readonly kind: AttentionKind; readonly since: number }>>
}

export const initialAway: AwayState = { since: null, entries: [], more: 0, open: {} }

export type AwayEvent =
  | { readonly type: 'focus'; readonly focused: boolean; readonly at: number }
  /** The pane's attention now: what it waits for since `since`, or null when it waits for nothing. */
  | { readonly type: 'attention'; readonly paneId: PaneId; readonly kind: AttentionKind | null; readonly at: number }
  | { readonly type: 'alert'; readonly paneId: PaneId; readonly alert: PendingAlert }
  | { readonly type: 'removed'; readonly paneId: PaneId; readonly at: number }

function capped(state: AwayState, entries: AwayEntry[]): AwayState {
  const over = Math.max(0, entries.length - AwayConstants.MaxEntries)
  return { ...state, entries: over ? entries.slice(over) : entries, more: state.more + over }
}

/** The pane's open entry ends at `at` (it was answered, moved on, or went away). */
function close(entries: readonly AwayEntry[], paneId: PaneId, at: number): AwayEntry[] {
  return entries.map((e) => (e.paneId === paneId && e.until === null && e.kind !== 'alert' ? { ...e, until: at } : e))
}

/**
 * `minAwayMs`: how long an absence must last for a summary (0: never one). Returns the new state
 * and, on return from a long enough absence in which something waited, the summary.
 */
export function reduceAway(state: AwayState, event: AwayEvent, minAwayMs: number): { state: AwayState; summary: AwaySummary | null } {
  switch (event.type) {
    case 'focus': {
      if (!event.focused) {
        if (state.since !== null) return { state, summary: null }
        const entries = Object.entries(state.open).map(([paneId, o]): AwayEntry => ({ paneId, kind: o.kind, since: o.since, until: null }))
        return { state: { ...state, since: event.at, entries, more: 0 }, summary: null }
      }
      if (state.since === null) return { state, summary: null }
      const long = minAwayMs > 0 && event.at - state.since >= minAwayMs
      const summary = long && state.entries.length > 0 ? { from: state.since, to: event.at, entries: state.entries, more: state.more } : null
      return { state: { ...state, since: null, entries: [], more: 0 }, summary }
    }
    case 'attention': {
      const open = { ...state.open }
      const was = open[event.paneId]
      if (was?.kind === event.kind) return { state, summary: null }
      if (event.kind === null) delete open[event.paneId]
      else open[event.paneId] = { kind: event.kind, since: event.at }
      if (state.since === null) return { state: { ...state, open }, summary: null }
      const entries = close(state.entries, event.paneId, event.at)
      if (event.kind !== null) entries.push({ paneId: event.paneId, kind: event.kind, since: event.at, until: null })
      return { state: capped({ ...state, open }, entries), summary: null }
    }
    case 'alert': {
      if (state.since === null) return { state, summary: null }
      return {
        state: capped(state, [...state.entries, { paneId: event.paneId, kind: 'alert', since: event.alert.at, until: null, alert: event.alert }]),
        summary: null,
      }
    }
    case 'removed': {
      const open = { ...state.open }
      delete open[event.paneId]
      if (state.since === null) return { state: { ...state, open }, summary: null }
      return { state: { ...state, open, entries: close(state.entries, event.paneId, event.at) }, summary: null }
    }
  }
}
