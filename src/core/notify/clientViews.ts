/**
 * Many clients, one user: what the windows and tabs of one board report they show, combined into
 * what the user looks at, and the one client a notification goes to. Pure; the daemon's hub
 * (src/board/notify) keeps the records and passes its clock's time.
 */
import type { ClientView } from '../../shared/domain/attention'
import type { PaneId } from '../../shared/domain/pane'
import type { ViewContext } from './notifyPolicy'

export interface ClientRecord {
  readonly clientId: string
  /** Order of connection: the newer client wins a tie. */
  readonly seq: number
  readonly view: ClientView
  /** When it last had the focus (now, while focused); null: never. */
  readonly focusedAt: number | null
}

/** The record after a new report at `at`. */
export function recordView(previous: ClientRecord | undefined, clientId: string, seq: number, view: ClientView, at: number): ClientRecord {
  const focusedAt = view.focused ? at : previous?.view.focused ? at : (previous?.focusedAt ?? null)
  return { clientId, seq, view, focusedAt }
}

/**
 * What the user looks at across clients: focused when any client is, and a pane counts as seen
 * where a focused client shows it (a tab left open in the background sees nothing).
 */
export function combinedView(clients: Iterable<ClientRecord>): ViewContext {
  let focused = false
  const visible = new Set<PaneId>()
  for (const c of clients) {
    if (!c.view.focused) continue
    focused = true
    for (const id of c.view.visible) visible.add(id)
  }
  return { focused, visible: [...visible].sort((a, b) => Number(a) - Number(b)) }
}

/**
 * The client that shows a notification: of those that can, the one focused now, else the one
 * the user was at last; a tie goes to the newer client. Null when none can (nobody allowed
 * notifications): then none is shown, and the needs-you list still has the pane.
 */
export function pickNotifier(clients: Iterable<ClientRecord>): string | null {
  let best: ClientRecord | null = null
  const rank = (c: ClientRecord) => (c.view.focused ? Number.MAX_SAFE_INTEGER : (c.focusedAt ?? -1))
  for (const c of clients) {
    if (!c.view.canNotify) continue
    if (!best || rank(c) > rank(best) || (rank(c) === rank(best) && c.seq > best.seq)) best = c
  }
  return best?.clientId ?? null
}
