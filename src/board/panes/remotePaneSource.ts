import type { IDisposable } from '../../core/lifecycle/disposable'
import type { AttachSnapshot, PaneId, PaneInfo } from '../../shared/domain/pane'
import type { CreatePaneRequest, EventMap, InvokeChannel, RecordingInfo } from '../../shared/ipc/contract'

/**
 * Panes that run on other machines (src/board/remote), shown beside the board's own under ids of
 * this board. What the client channels need of them; the board only holds the slot.
 */
export interface RemotePaneSource extends IDisposable {
  owns(id: PaneId): boolean
  list(): PaneInfo[]
  info(id: PaneId): PaneInfo
  /** `pane:create` with a `host`: the pane starts on that machine. */
  create(req: CreatePaneRequest & { readonly host: string }): Promise<PaneInfo>
  /** A pane channel for a remote pane, asked of the board there (ids translated both ways). */
  invoke(id: PaneId, channel: InvokeChannel, rest: readonly unknown[]): Promise<unknown>
  /** `pane:record` of a remote pane: recorded there, the file brought here when it stops; ends when `clientId` goes. */
  record(clientId: string, id: PaneId, file: string): Promise<RecordingInfo>
  attach(clientId: string, id: PaneId, emit: (payload: EventMap['pane:data']) => void): Promise<AttachSnapshot>
  detach(clientId: string, id: PaneId): void
  /** The client disconnected: what it attached ends. */
  clientGone(clientId: string): void
}
