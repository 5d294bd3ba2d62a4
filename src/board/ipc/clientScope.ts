import type { PaneId, PaneInfo } from '../../shared/domain/pane'
import type { InvokeChannel } from '../../shared/ipc/contract'
import { BoardError } from '../../shared/ipc/errors'
import type { BoardEvent } from '../panes/board'

/**
 * What one client may do. The user's own window, tab and terminal have the whole board; a program
 * inside a pane, by default, only its own pane — and only to read it (its state, screen, evidence).
 * Typing, spawning, killing, attaching and settings need the whole board (`security.paneControl`).
 */
export type ClientScope = { readonly kind: 'board' } | { readonly kind: 'pane'; readonly paneId: PaneId | null; readonly why: string }

export const BOARD_SCOPE: ClientScope = { kind: 'board' }

/** Channels a pane-scoped client may call, about its own pane only. */
const OWN_PANE_CHANNELS: ReadonlySet<InvokeChannel> = new Set<InvokeChannel>([
  'board:info',
  'pane:list',
  'pane:get',
  'pane:screen',
  'pane:explain',
  'pane:dialog',
])

/** Throws BoardError('forbidden') when the scope does not allow this call. */
export function checkScope(scope: ClientScope, channel: InvokeChannel, args: readonly unknown[]): void {
  if (scope.kind === 'board') return
  const target = channel === 'board:info' || channel === 'pane:list' ? scope.paneId : args[0]
  if (OWN_PANE_CHANNELS.has(channel) && target === scope.paneId) return
  throw new BoardError(
    'forbidden',
    `${channel}${typeof args[0] === 'string' ? ` ${args[0]}` : ''}: ${scope.paneId === null ? 'a program that left its pane' : `a program inside pane ${scope.paneId}`} may only read its own pane (${scope.why}); ` +
      'allow more with "security": {"paneControl": "board"} in the settings',
  )
}

/** The answer a scoped client sees: the pane list holds only its own pane. */
export function scopeResult(scope: ClientScope, channel: InvokeChannel, value: unknown): unknown {
  if (scope.kind === 'board' || channel !== 'pane:list') return value
  return (value as PaneInfo[]).filter((p) => p.id === scope.paneId)
}

export function eventInScope(scope: ClientScope, event: BoardEvent): boolean {
  if (scope.kind === 'board') return true
  // The panes' order and the attention snapshot name every pane: a program that may see only its own has no use for them.
  if (event.channel === 'board:order' || event.channel === 'attention:changed') return false
  const paneId = event.channel === 'pane:changed' ? event.payload.id : event.payload.paneId
  return paneId === scope.paneId
}
