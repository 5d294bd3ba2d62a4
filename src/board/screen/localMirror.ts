import type { Clock } from '../../core/lifecycle/clock'
import { HeadlessMirror, type MirrorScreen } from './headlessMirror'

/** The pane's mirror parsing on the board's own thread (see paneMirror.ts for the choice). */
export class LocalMirror extends HeadlessMirror {
  readonly failure: string | null = null

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
    super.dispose()
  }
}
