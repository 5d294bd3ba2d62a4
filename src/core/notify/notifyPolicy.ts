/**
 * When to raise a desktop notification for a pane, as a pure reducer: pane state changes, what
 * the user is looking at, and the passing of time go in; notifications to raise come out. The
 * caller owns the clock (it passes `at` and calls `tick` at `nextDue`), so tests run it on a
 * virtual clock and the renderer on the wall clock.
 *
 * The rules (issue 5, and osFoundry's 30 s cooldown in seeds/001):
 * - Entering blocked or question raises a notification; asked (a reply ending in a question) and
 *   finished (a turn that ended while nobody looked) are quieter, each configurable.
 * - Nothing is raised for a pane the user is looking at: the window focused and the pane visible.
 * - At most one notification per pane and kind within 30 s (redraws make blocked → working →
 *   blocked flicker; a second dialog right after the first is the same interruption).
 * - An optional grace delay: a pane answered or looked at within it raises nothing.
 * - A finished turn stays marked "unseen" until the pane is viewed (or starts working again).
 * - A program's own notification (OSC 9/777/99, the bell: core/notify/programAlerts) is an
 *   `alert`: the same cooldown per pane, nothing while the pane is looked at, and it stays pending
 *   (a needs-you entry) until the pane is viewed. An alert that comes with a dialog or a question
 *   (Codex 0.171.0 rings the bell as its approval opens, 10 ms before the state changes) is the
 *   same interruption: the alert waits AlertSettleMs and is dropped when the pane's state asks
 *   for attention by then.
 */
import type { PaneId, PaneState } from '../../shared/domain/pane'
import type { AttentionKind, NotifyMode, PendingAlert } from '../../shared/domain/attention'

export { ATTENTION_KINDS, type AttentionKind, type PendingAlert } from '../../shared/domain/attention'

/** alert: a notification with sound; quiet: a silent notification; off: none (the needs-you list still shows it). */
export type AlertLevel = 'alert' | 'quiet' | 'off'

export interface NotifyPrefs {
  readonly levels: Readonly<Record<AttentionKind, AlertLevel>>
  /** Wait this long before notifying; 0 notifies at once. */
  readonly graceMs: number
  /** One notification per pane and kind within this window; absent: NotifyConstants.CooldownMs. */
  readonly cooldownMs?: number
  /** Each pane's mode (its own or its agent's); a pane not named notifies `all`. */
  readonly modes?: Readonly<Record<PaneId, NotifyMode>>
}

/** What stops a pane's work until the user acts: the only kinds the `attention` mode notifies. */
const STOPS_WORK: ReadonlySet<AttentionKind> = new Set(['blocked', 'question', 'input', 'asked'])

/** The level a pane's notification of this kind gets: the kind's level, within the pane's mode. */
export function levelFor(prefs: NotifyPrefs, paneId: PaneId, kind: AttentionKind): AlertLevel {
  const mode = prefs.modes?.[paneId] ?? 'all'
  if (mode === 'none' || (mode === 'attention' && !STOPS_WORK.has(kind))) return 'off'
  return prefs.levels[kind]
}

export const DEFAULT_NOTIFY_PREFS: NotifyPrefs = {
  levels: { blocked: 'alert', question: 'alert', input: 'quiet', asked: 'quiet', finished: 'off', alert: 'alert' },
  graceMs: 0,
}

export const enum NotifyConstants {
  /** One notification per pane and kind within this window (seeds/001: 30 s per session and state). */
  CooldownMs = 30_000,
  /** A program alert waits this long: a dialog opening with it makes it the same interruption. */
  AlertSettleMs = 600,
}

/** What the user is looking at. */
export interface ViewContext {
  /** The window has the keyboard focus and its page is visible. */
  readonly focused: boolean
  /** Panes whose terminal is on screen. */
  readonly visible: readonly PaneId[]
}

interface PaneMemo {
  readonly state: PaneState
  /** The attention the current state asks for, if any. */
  readonly kind: AttentionKind | null
  /** When the pane entered the state that asks for attention. */
  readonly since: number
  /** A notification waiting out the grace delay. */
  readonly dueAt: number | null
  /** A finished turn nobody has looked at yet. */
  readonly unseen: boolean
}

export interface NotifyState {
  readonly panes: Readonly<Record<PaneId, PaneMemo>>
  /** The latest program notification per pane nobody has looked at yet. */
  readonly alerts: Readonly<Record<PaneId, PendingAlert>>
  /** `${paneId}:${kind}` → when a notification was last raised. */
  readonly lastRaised: Readonly<Record<string, number>>
  readonly view: ViewContext
}

export const initialNotifyState: NotifyState = { panes: {}, alerts: {}, lastRaised: {}, view: { focused: false, visible: [] } }

export type NotifyEvent =
  | { readonly type: 'state'; readonly paneId: PaneId; readonly state: PaneState; readonly at: number }
  | { readonly type: 'removed'; readonly paneId: PaneId }
  | { readonly type: 'view'; readonly view: ViewContext; readonly at: number }
  | { readonly type: 'tick'; readonly at: number }
  | { readonly type: 'alert'; readonly paneId: PaneId; readonly alert: PendingAlert }

/** A notification to raise now. */
export interface NotifyIntent {
  readonly paneId: PaneId
  readonly kind: AttentionKind
  readonly level: Exclude<AlertLevel, 'off'>
  /** When the pane began waiting. */
  readonly since: number
  /** For `alert`: the program's notification. */
  readonly alert?: PendingAlert
}

export interface NotifyResult {
  readonly state: NotifyState
  readonly raise: readonly NotifyIntent[]
}

/** The attention a transition asks for: a dialog, a question in the reply, or a turn that ended. */
export function attentionOf(previous: PaneState, next: PaneState): AttentionKind | null {
  switch (next) {
    case 'blocked':
    case 'question':
    case 'input':
    case 'asked':
      return next
    case 'idle':
      // Only work that ended is "finished": not a start-up, and not a dialog the user declined.
      return previous === 'working' ? 'finished' : null
    default:
      return null
  }
}

export function isViewed(view: ViewContext, paneId: PaneId): boolean {
  return view.focused && view.visible.includes(paneId)
}

const cooldownKey = (paneId: PaneId, kind: AttentionKind) => `${paneId}:${kind}`
const inCooldown = (last: number | undefined, at: number, prefs: NotifyPrefs) =>
  last !== undefined && at - last < (prefs.cooldownMs ?? NotifyConstants.CooldownMs)

/** Raises (or suppresses, within the cooldown) the notification for a pane's current attention. */
function raise(state: NotifyState, paneId: PaneId, memo: PaneMemo, at: number, prefs: NotifyPrefs, out: NotifyIntent[]): NotifyState {
  const kind = memo.kind
  if (kind === null) return state
  const level = levelFor(prefs, paneId, kind)
  if (level === 'off') return state
  const key = cooldownKey(paneId, kind)
  if (inCooldown(state.lastRaised[key], at, prefs)) return state
  out.push({ paneId, kind, level, since: memo.since })
  return { ...state, lastRaised: { ...state.lastRaised, [key]: at } }
}

function withPane(state: NotifyState, paneId: PaneId, memo: PaneMemo): NotifyState {
  return { ...state, panes: { ...state.panes, [paneId]: memo } }
}

function onState(state: NotifyState, paneId: PaneId, next: PaneState, at: number, prefs: NotifyPrefs, out: NotifyIntent[]): NotifyState {
  const memo = state.panes[paneId]
  // First sight (a page load, a pane created elsewhere): remember, raise nothing. A board that
  // notifies for every waiting pane on each reload trains the user to ignore it.
  if (!memo) return withPane(state, paneId, { state: next, kind: null, since: at, dueAt: null, unseen: false })
  if (memo.state === next) return state
  const kind = attentionOf(memo.state, next)
  const viewed = isViewed(state.view, paneId)
  const updated: PaneMemo = {
    state: next,
    kind,
    since: at,
    dueAt: null,
    // A new turn or a dialog supersedes the old "finished"; only a finished turn nobody saw is marked.
    unseen: kind === 'finished' ? !viewed : next === 'idle' ? memo.unseen : false,
  }
  let s = withPane(state, paneId, updated)
  if (kind === null || viewed || levelFor(prefs, paneId, kind) === 'off') return s
  if (prefs.graceMs > 0) return withPane(s, paneId, { ...updated, dueAt: at + prefs.graceMs })
  s = raise(s, paneId, updated, at, prefs, out)
  return s
}

function onView(state: NotifyState, view: ViewContext): NotifyState {
  let panes = state.panes
  let alerts = state.alerts
  for (const id of view.focused ? view.visible : []) {
    const memo = panes[id]
    // Looked at: the finished mark is cleared and a notification in its grace delay is dropped.
    if (memo && (memo.unseen || memo.dueAt !== null)) panes = { ...panes, [id]: { ...memo, unseen: false, dueAt: null } }
    if (alerts[id]) alerts = without(alerts, id)
  }
  return { ...state, panes, alerts, view }
}

function without<T>(record: Readonly<Record<PaneId, T>>, id: PaneId): Record<PaneId, T> {
  const out = { ...record }
  delete out[id]
  return out
}

/** The pane's state already asks for attention (a dialog, a question): an alert adds nothing. */
function stateAsks(state: NotifyState, paneId: PaneId): boolean {
  const kind = state.panes[paneId]?.kind
  return kind === 'blocked' || kind === 'question' || kind === 'asked'
}

/** A program's own notification: waits to settle, then pending until looked at. */
function onAlert(state: NotifyState, paneId: PaneId, alert: PendingAlert): NotifyState {
  if (isViewed(state.view, paneId) || stateAsks(state, paneId)) return state
  return { ...state, alerts: { ...state.alerts, [paneId]: { ...alert, dueAt: alert.at + NotifyConstants.AlertSettleMs } } }
}

/** A settled alert: dropped if a dialog or question came with it, else raised under the cooldown. */
function raiseAlert(state: NotifyState, paneId: PaneId, due: PendingAlert, at: number, prefs: NotifyPrefs, out: NotifyIntent[]): NotifyState {
  const { dueAt: _settled, ...alert } = due
  if (stateAsks(state, paneId)) return { ...state, alerts: without(state.alerts, paneId) }
  const s = { ...state, alerts: { ...state.alerts, [paneId]: alert } }
  if (isViewed(state.view, paneId)) return { ...state, alerts: without(state.alerts, paneId) }
  const level = levelFor(prefs, paneId, 'alert')
  if (level === 'off') return s
  const key = cooldownKey(paneId, 'alert')
  if (inCooldown(s.lastRaised[key], at, prefs)) return s
  out.push({ paneId, kind: 'alert', level, since: alert.at, alert })
  return { ...s, lastRaised: { ...s.lastRaised, [key]: at } }
}

function onTick(state: NotifyState, at: number, prefs: NotifyPrefs, out: NotifyIntent[]): NotifyState {
  let s = state
  for (const [id, alert] of Object.entries(state.alerts)) if (alert.dueAt !== undefined && alert.dueAt <= at) s = raiseAlert(s, id, alert, at, prefs, out)
  for (const [id, memo] of Object.entries(state.panes)) {
    if (memo.dueAt === null || memo.dueAt > at) continue
    const due = { ...memo, dueAt: null }
    s = withPane(s, id, due)
    if (!isViewed(s.view, id)) s = raise(s, id, due, at, prefs, out)
  }
  return s
}

export function reduceNotify(state: NotifyState, event: NotifyEvent, prefs: NotifyPrefs): NotifyResult {
  const out: NotifyIntent[] = []
  let next: NotifyState
  switch (event.type) {
    case 'state':
      next = onState(state, event.paneId, event.state, event.at, prefs, out)
      break
    case 'removed': {
      if (!(event.paneId in state.panes) && !(event.paneId in state.alerts)) return { state, raise: out }
      next = { ...state, panes: without(state.panes, event.paneId), alerts: without(state.alerts, event.paneId) }
      break
    }
    case 'alert':
      next = onAlert(state, event.paneId, event.alert)
      break
    case 'view':
      next = onView(state, event.view)
      break
    case 'tick':
      next = onTick(state, event.at, prefs, out)
      break
  }
  return { state: next, raise: out }
}

/** When `tick` must next be called (a grace delay ends), or null when nothing is pending. */
export function nextDue(state: NotifyState): number | null {
  let due: number | null = null
  for (const memo of Object.values(state.panes)) if (memo.dueAt !== null && (due === null || memo.dueAt < due)) due = memo.dueAt
  for (const alert of Object.values(state.alerts)) if (alert.dueAt !== undefined && (due === null || alert.dueAt < due)) due = alert.dueAt
  return due
}

/** Panes with a finished turn nobody has looked at, and since when. */
export function unseenFinished(state: NotifyState): Readonly<Record<PaneId, number>> {
  const out: Record<PaneId, number> = {}
  for (const [id, memo] of Object.entries(state.panes)) if (memo.unseen) out[id] = memo.since
  return out
}
