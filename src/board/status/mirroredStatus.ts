import { Disposable } from '../../core/lifecycle/disposable'
import type { PaneMirror } from '../screen/paneMirror'
import type { MirrorScreen } from '../screen/headlessMirror'
import { PaneStatus, type PaneStatusOptions } from './paneStatus'
import type { EngineScreen } from './statusEngine'

/** What the status needs of a pane's terminal of record (a live pane's PaneMirror, replay's HeadlessMirror). */
export type StatusMirror = Pick<PaneMirror, 'onTitle' | 'onOsc' | 'title' | 'synchronizing' | 'write' | 'resize' | 'screen'> &
  Partial<Pick<PaneMirror, 'onDidFail' | 'failure'>>

/**
 * A pane's mirror and its status wired together, once, for the live pane (Pane) and for replay
 * (ReplayPane), so a recording replays to the verdicts the pane showed
 * (replayEquivalence.test.ts): the status reads the mirror's screen, a title change is a screen
 * change, every OSC goes to the engine, parsed output and resizes are screen changes, and a mirror
 * that froze takes the screen out of the evidence.
 */
export class MirroredStatus extends Disposable {
  readonly status: PaneStatus

  constructor(
    private readonly mirror: StatusMirror,
    options: Omit<PaneStatusOptions, 'screen'>,
  ) {
    super()
    this.status = this.register(new PaneStatus({ ...options, screen: () => lazyView(mirror) }))
    this.register(mirror.onTitle(() => this.status.screenChanged()))
    this.register(mirror.onOsc((record) => this.status.osc(record.ident, record.data)))
    // A frozen screen (its parser worker died for good) is no evidence: the status drops it and says so.
    if (mirror.failure) this.status.screenLost(mirror.failure)
    if (mirror.onDidFail) this.register(mirror.onDidFail((why) => this.status.screenLost(why)))
  }

  /** Program output: `parsed` runs once the mirror parsed it, after the status was told. */
  output(data: string, parsed: () => void): void {
    this.mirror.write(data, () => {
      this.status.screenChanged()
      parsed()
    })
  }

  /** A resize: the screen is a reflow until the program repaints (the status holds a dialog meanwhile). */
  resize(cols: number, rows: number): void {
    this.mirror.resize(cols, rows)
    this.status.resized()
  }
}

/**
 * The screen as the engine reads it, its rows read from the mirror only once something asks for
 * them: a pane without rules (a command, an agent without screen rules) evaluates on every change
 * and never needs them. Reading every row was 12 % of the board's thread with 20 redrawing
 * command panes (perf, BENCH_ONLY=redraw). Own accessors, so a spread copies the rows.
 */
export function lazyView(mirror: StatusMirror): EngineScreen {
  let read: MirrorScreen | null = null
  const page = () => (read ??= mirror.screen())
  return {
    title: mirror.title,
    synchronizing: mirror.synchronizing,
    get lines() {
      return page().lines
    },
    get alternate() {
      return page().alternate
    },
    get cols() {
      return page().cols
    },
  }
}
