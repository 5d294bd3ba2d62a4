import type { Settings } from '../../shared/domain/settings'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/contract'
import { remoteRequest } from '../launch/remoteLaunch'
import type { BoardClientSession } from '../panes/clientSessions'
import type { RemotePaneSource } from '../panes/remotePaneSource'

/** As handlers.ts has it (not imported from there: that file imports this one). */
type InvokeHandlers = { [C in InvokeChannel]: (...args: InvokeArgs<C>) => InvokeResult<C> | Promise<InvokeResult<C>> }

/** Channels whose first argument is a pane id: for a remote pane they are asked of its board. */
const PANE_CHANNELS = [
  'pane:get',
  'pane:write',
  'pane:resize',
  'pane:kill',
  'pane:remove',
  'pane:changes',
  'worktree:check',
  'worktree:remove',
  'pane:screen',
  'pane:explain',
  'pane:dialog',
  'pane:answer',
  'pane:delivery',
  'pane:type',
  'pane:record-stop',
  'pane:mark',
  'pane:resume',
  'pane:restart',
  'pane:history',
] as const satisfies readonly InvokeChannel[]

/**
 * The board's handlers with remote panes beside its own: a pane channel for a remote pane goes to
 * the board where it runs (which guards answers against its live screen, as here), the list holds
 * both, a create with a `host` (or a preset that names one) starts there. Attaching fans the remote's stream out to this
 * board's clients. Notification modes stay this board's (its attention hub sees the remote
 * panes' events like its own).
 */
export function withRemotePanes(base: InvokeHandlers, remotes: RemotePaneSource, client: BoardClientSession, settings: () => Settings): InvokeHandlers {
  const handlers: Record<string, (...args: never[]) => unknown> = { ...base }
  for (const channel of PANE_CHANNELS) {
    const local = base[channel] as (...args: unknown[]) => unknown
    handlers[channel] = ((id: string, ...rest: unknown[]) => (remotes.owns(id) ? remotes.invoke(id, channel, rest) : local(id, ...rest))) as never
  }
  return {
    ...(handlers as InvokeHandlers),
    'pane:list': async () => [...(await base['pane:list']()), ...remotes.list()],
    'pane:create': (req) => {
      const remote = remoteRequest(req, settings())
      return remote ? remotes.create(remote) : base['pane:create'](req)
    },
    'pane:record': (id, file) => (remotes.owns(id) ? remotes.record(client.id, id, file) : base['pane:record'](id, file)),
    'pane:attach': (id) => (remotes.owns(id) ? remotes.attach(client.id, id, client.emitData) : base['pane:attach'](id)),
    'pane:detach': (id) => (remotes.owns(id) ? remotes.detach(client.id, id) : base['pane:detach'](id)),
  }
}
