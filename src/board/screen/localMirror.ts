import { Emitter } from '../../core/lifecycle/emitter'
import type { Clock } from '../../core/lifecycle/clock'
import { HeadlessMirror, type MirrorScreen } from './headlessMirror'

/** The pane's mirror parsing on the board's own thread (see paneMirror.ts for the choice). */
export class LocalMirror extends HeadlessMirror {
  private readonly _onDidFail = new Emitter<string>()
  /** Never fires: a mirror on this thread has no worker to lose. */
  readonly onDidFail = this._onDidFail.event
  readonly failure: string | null = null
  private readonly _onDidRecover = new Emitter<string>()
  /** Never fires, for the same reason. */
  readonly onDidRecover = this._onDidRecover.event

  constructor(cols: number, rows: number, clock: Clock) {
    super(cols, rows, clock)
  }

  /** Snapshots asked and not yet answered: a dispose answers them (xterm drops a disposed terminal's write callbacks). */
  private readonly snapshots = new Set<(data: string) => void>()

  /** After everything written before it, like the worker's answer. */
  snapshot(done: (data: string) => void, scrollback?: number): void {
    this.snapshots.add(done)
    super.write('', () => {
      if (this.snapshots.delete(done)) done(super.serialize(scrollback))
    })
  }

  override screen(): MirrorScreen {
    return super.screen()
  }

  override dispose(): void {
    for (const done of this.snapshots) done('')
    this.snapshots.clear()
    this._onDidFail.dispose()
    this._onDidRecover.dispose()
    super.dispose()
  }
}
