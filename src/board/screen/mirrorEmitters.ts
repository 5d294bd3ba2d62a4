import { Emitter } from '../../core/lifecycle/emitter'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { OscRecord } from '../../shared/domain/pane'

/**
 * The events every mirror fires, wherever it parses: the headless terminal itself (HeadlessMirror,
 * on this thread) and a pane's handle on a terminal in a parser worker (RemoteMirror).
 */
export abstract class MirrorEmitters implements IDisposable {
  protected readonly _onReply = new Emitter<string>()
  /** Bytes the terminal sends back to the program (query answers). */
  readonly onReply = this._onReply.event
  protected readonly _onTitle = new Emitter<string>()
  readonly onTitle = this._onTitle.event
  protected readonly _onOsc = new Emitter<OscRecord>()
  readonly onOsc = this._onOsc.event
  protected readonly _onBell = new Emitter<void>()
  /** The program rang the bell (a BEL outside any escape sequence). */
  readonly onBell = this._onBell.event
  protected readonly _onDidFail = new Emitter<string>()
  /** The worker parsing it died or hung and none took its place: the screen is frozen (never, on this thread). */
  readonly onDidFail = this._onDidFail.event
  protected readonly _onDidRecover = new Emitter<string>()
  /** The worker parsing it died or hung, and it parses again on a fresh one, from its last screen (never, on this thread). */
  readonly onDidRecover = this._onDidRecover.event

  dispose(): void {
    this._onReply.dispose()
    this._onTitle.dispose()
    this._onOsc.dispose()
    this._onBell.dispose()
    this._onDidFail.dispose()
    this._onDidRecover.dispose()
  }
}
