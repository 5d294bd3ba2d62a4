/**
 * One renderer xterm attached to one pane, outside React.
 *
 * Attach protocol: listen to `pane:data` BEFORE asking for `pane:attach`, and queue what arrives
 * until the attach snapshot (the board's mirror serialized: screen, scrollback, modes) has been
 * written into a reset terminal at the snapshot's size; then write the queue and live data. The
 * board starts sending data exactly where the snapshot ends, so nothing is lost or doubled.
 * Every message (the board batches what its mirror parsed in one turn) is acknowledged
 * (`pane:ack`, its length) once xterm has parsed it: a client that lags too far behind is skipped
 * by the board and later sent a `resync` snapshot to start over.
 */
import type { IDisposable } from '@xterm/xterm'
import type { PaneId } from '../../../../shared/domain/pane'
import { ContractLimits, type BoardApi } from '../../../../shared/ipc/contract'
import type { PaneXterm } from './createTerminal'
import { serializePaneOp } from './paneOps'

export interface PaneSessionOptions {
  /** Exited panes show their final screen; nothing is sent to them. */
  readonly readOnly: boolean
  /** The snapshot and the data queued meanwhile are written: the terminal shows the pane. */
  readonly onAttached: () => void
  readonly onError: (message: string) => void
  /** Where typed keys go (the type-ahead guard); by default straight to `pane:write`. */
  readonly onInput?: (data: string) => void
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

export class PaneSession implements IDisposable {
  private queue: string[] | null = []
  private attachSent = false
  private attached = false
  private disposed = false
  private readOnly: boolean
  /** The size the board last knew the pane at (snapshot or our last resize). */
  private boardSize: { cols: number; rows: number } | null = null
  private readonly subscriptions: (() => void)[] = []

  constructor(
    private readonly api: BoardApi,
    readonly paneId: PaneId,
    private readonly xterm: PaneXterm,
    private readonly options: PaneSessionOptions,
  ) {
    this.readOnly = options.readOnly
    xterm.term.options.disableStdin = this.readOnly
  }

  start(): void {
    const input = this.xterm.term.onData((data) => {
      if (this.readOnly || this.disposed || !this.attached) return
      if (this.options.onInput) return this.options.onInput(data)
      // Swallow: a write fails only when the pane just exited or was removed; its event follows.
      this.api.invoke('pane:write', this.paneId, data).catch(() => undefined)
    })
    this.subscriptions.push(() => input.dispose())
    void serializePaneOp(this.api, this.paneId, () => (this.disposed ? undefined : this.attach()))
  }

  private async attach(): Promise<void> {
    // Listen first: data the board sends after the snapshot may arrive before the attach reply.
    this.subscriptions.push(
      this.api.on('pane:data', ({ paneId, data, resync }) => {
        if (paneId !== this.paneId || this.disposed) return
        if (resync) {
          // We fell behind and the board skipped output: start over from its fresh snapshot.
          if (this.queue) this.queue = []
          else this.xterm.term.reset()
        }
        if (this.queue) this.queue.push(data)
        else this.write(data)
      }),
    )
    this.attachSent = true
    let snapshot
    try {
      snapshot = await this.api.invoke('pane:attach', this.paneId)
    } catch (err) {
      if (!this.disposed) this.options.onError(err instanceof Error ? err.message : String(err))
      return
    }
    if (this.disposed) return
    const { term } = this.xterm
    this.boardSize = { cols: snapshot.cols, rows: snapshot.rows }
    term.reset()
    term.resize(snapshot.cols, snapshot.rows)
    term.write(snapshot.serialized, () => {
      if (this.disposed) return
      const queued = this.queue ?? []
      this.queue = null
      for (const data of queued) this.write(data)
      this.attached = true
      this.showReadOnly()
      this.options.onAttached()
    })
  }

  private write(data: string): void {
    this.xterm.term.write(data, () => {
      if (!this.disposed) this.api.send('pane:ack', this.paneId, data.length)
    })
  }

  /**
   * Fits the terminal to its container and, when the size really changed, tells the board (the
   * program gets SIGWINCH). Returns the fitted size, or null when the container has no size.
   */
  fit(): { cols: number; rows: number } | null {
    if (this.disposed) return null
    const dims = this.xterm.fit.proposeDimensions()
    if (!dims || !Number.isFinite(dims.cols) || !Number.isFinite(dims.rows)) return null
    const cols = clamp(dims.cols, 2, ContractLimits.maxCols)
    const rows = clamp(dims.rows, 1, ContractLimits.maxRows)
    const { term } = this.xterm
    if (term.cols !== cols || term.rows !== rows) term.resize(cols, rows)
    if (this.attached && !this.readOnly && (this.boardSize?.cols !== cols || this.boardSize.rows !== rows)) {
      this.boardSize = { cols, rows }
      this.api.invoke('pane:resize', this.paneId, cols, rows).catch(() => undefined) // Swallow: as for writes.
    }
    return { cols, rows }
  }

  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly
    this.xterm.term.options.disableStdin = readOnly
    this.showReadOnly()
  }

  /** A finished pane shows no cursor (locally only: the board's mirror is not touched). */
  private showReadOnly(): void {
    if (!this.readOnly || !this.attached) return
    this.xterm.term.options.cursorBlink = false
    this.xterm.term.write('\x1b[?25l')
  }

  get isAttached(): boolean {
    return this.attached
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.subscriptions.forEach((unsubscribe) => unsubscribe())
    this.queue = null
    // After our attach has answered (see paneOps.ts); nothing to undo if it was never sent.
    void serializePaneOp(this.api, this.paneId, async () => {
      // Swallow: the pane may be gone already.
      if (this.attachSent) await this.api.invoke('pane:detach', this.paneId).catch(() => undefined)
    })
  }
}
