import type { Clock } from '../../core/lifecycle/clock'
import type { BoardInfo, InvokeArgs, InvokeChannel, InvokeResult, SendArgs, SendChannel } from '../../shared/ipc/contract'
import { parseInvoke, parseSend } from '../../shared/ipc/validate'
import { answerPane } from '../answer/answerPane'
import { deliveryOutcome } from '../answer/deliveryWatch'
import { liveDialog } from '../answer/liveDialog'
import { typeInput } from '../answer/typeInput'
import type { Board, BoardClient } from '../panes/board'
import { openFolder } from '../settings/folderOpener'
import { sharedSettingsStore, type SettingsStore } from '../settings/settingsStore'
import { realClock } from '../util/clock'
import { launchPane } from '../launch/launchPane'
import { agentList } from '../agents/agentList'
import { checkWorktree, removeWorktree } from '../worktrees/worktrees'
import { refusalMessage } from '../../core/worktree/removalVerdict'
import { BoardError } from '../../shared/ipc/errors'
import type { PaneWorktree } from '../../shared/domain/pane'
import { withRemotePanes } from './remoteHandlers'
import { MASK } from '../../shared/domain/secrets'
import type { SettingsSnapshot } from '../../shared/domain/settings'
import { maskSettings, unmaskSettings } from '../../shared/domain/settingsSecrets'

function maskSnapshot(snapshot: SettingsSnapshot): SettingsSnapshot {
  return { ...snapshot, settings: maskSettings(snapshot.settings) }
}

function paneWorktree(board: Board, id: string): PaneWorktree {
  // board.info: a pane restored after a restart (nothing running) is closed the same way.
  const worktree = board.info(id).worktree
  if (!worktree) throw new BoardError('invalid', `pane ${id} has no worktree of its own (it was not started with --worktree)`)
  return worktree
}

export type InvokeHandlers = {
  [C in InvokeChannel]: (...args: InvokeArgs<C>) => InvokeResult<C> | Promise<InvokeResult<C>>
}
export type SendHandlers = { [C in SendChannel]: (...args: SendArgs<C>) => void }

/** What the answer and settings channels need beyond the board; the defaults are the process's own. */
export interface HandlerServices {
  /** The board's clock (verdict times are on it). */
  readonly clock: Clock
  readonly settings: SettingsStore
}

/**
 * The board's side of the contract for one client. A channel missing here is a compile error;
 * every argument has been validated against the contract before a handler sees it.
 */
export function createHandlers(
  board: Board,
  client: BoardClient,
  info: () => BoardInfo,
  services: HandlerServices = { clock: realClock, settings: sharedSettingsStore() },
): { invoke: InvokeHandlers; send: SendHandlers } {
  const handlers = ownHandlers(board, client, info, services)
  return board.remotes ? { ...handlers, invoke: withRemotePanes(handlers.invoke, board.remotes, client, () => services.settings.get().settings) } : handlers
}

function ownHandlers(board: Board, client: BoardClient, info: () => BoardInfo, services: HandlerServices): { invoke: InvokeHandlers; send: SendHandlers } {
  return {
    invoke: {
      'board:info': () => info(),
      'pane:list': () => board.list(),
      'pane:get': (id) => board.info(id),
      'pane:create': (req) => launchPane(board, services.settings.get().settings, req),
      'pane:write': (id, data) => board.write(id, data),
      'pane:resize': (id, cols, rows) => board.resize(id, cols, rows),
      'pane:kill': (id) => board.kill(id),
      'pane:remove': (id) => board.remove(id),
      'pane:changes': (id) => board.changes(id),
      'worktree:check': (id) => checkWorktree(paneWorktree(board, id)),
      'worktree:remove': async (id, { force }) => {
        const worktree = paneWorktree(board, id)
        if (!force) {
          const check = await checkWorktree(worktree)
          if (!check.safe) throw new BoardError('unsafe', refusalMessage(worktree.path, { safe: false, reasons: check.reasons }))
        }
        // The agent stops before its folder goes; the second check catches what it wrote meanwhile.
        await board.remove(id)
        await removeWorktree(worktree, force)
      },
      'pane:screen': async (id) => {
        const pane = board.restoredPane(id) ?? board.get(id)
        await pane.settled()
        return pane.screen()
      },
      'pane:explain': async (id) => {
        const pane = board.get(id)
        await pane.settled()
        return { ...pane.explain(), reports: board.reportStats(id) }
      },
      'pane:attach': (id) => client.attach(id),
      'pane:detach': (id) => client.detach(id),
      'pane:dialog': (id) => liveDialog(board.get(id)),
      'pane:answer': (id, request) => answerPane(board.get(id), request, services.clock),
      'pane:delivery': (id, delivery) => deliveryOutcome(board.get(id), delivery),
      'pane:type': (id, data, seen) => typeInput(board.get(id), data, seen, services.clock),
      'pane:record': (id, file) => board.record(id, file, client.id),
      'pane:record-stop': (id) => board.stopRecording(id),
      'pane:mark': (id, label) => board.mark(id, label),
      'board:reorder': (ids) => board.reorder(ids),
      'pane:resume': (id, options) => board.resume(id, options?.env),
      'pane:restart': (id) => board.restart(id),
      'pane:history': (id) => board.history(id),
      'workspace:layout': () => board.layout,
      'workspace:save-layout': (layout) => board.setLayout(layout),
      'agents:list': () => agentList(board.agents),
      // Secret environment values are write-only for clients (shared/domain/settingsSecrets).
      'settings:get': () => maskSnapshot(services.settings.get()),
      'settings:set': (settings) => {
        const r = unmaskSettings(settings, services.settings.get().settings)
        if (!r.ok)
          throw new BoardError('invalid', `${r.missing.name} (${r.missing.where}) is sent hidden (${MASK}) but no value of it is saved to keep; type its value`)
        return maskSnapshot(services.settings.set(r.settings))
      },
      'settings:open-rules-folder': () => openFolder(services.settings.rulesDir),
      'attention:get': () => board.attention.snapshot(),
      'pane:notify-mode': (id, mode) => {
        if (!board.remotes?.owns(id)) board.info(id)
        return board.attention.setMode(id, mode)
      },
    },
    send: {
      'pane:ack': (id, chars) => client.ack(id, chars),
      'client:view': (view) => board.attention.view(client.id, view),
    },
  }
}

/** Validates and runs one invoke. Throws BoardError('invalid') for bad input, or the handler's error. */
export async function dispatchInvoke(handlers: InvokeHandlers, channel: unknown, args: unknown): Promise<unknown> {
  const call = parseInvoke(channel, args)
  const handler = handlers[call.channel] as (...a: unknown[]) => unknown
  return await handler(...(call.args as unknown[]))
}

export function dispatchSend(handlers: SendHandlers, channel: unknown, args: unknown): void {
  const call = parseSend(channel, args)
  const handler = handlers[call.channel] as (...a: unknown[]) => void
  handler(...(call.args as unknown[]))
}
