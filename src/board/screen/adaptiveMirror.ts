import type { Clock } from '../../core/lifecycle/clock'
import { DisposableStore } from '../../core/lifecycle/disposable'
import type { OscRecord } from '../../shared/domain/pane'
import { MirrorConstants, type MirrorScreen } from './headlessMirror'
import { LocalMirror } from './localMirror'
import { MirrorEmitters } from './mirrorEmitters'
import { defaultMirrorPool, type MirrorPool } from './mirrorPool'
import { RemoteMirror } from './remoteMirror'

export const enum AdaptiveMirrorConstants {
  /**
   * A pane that writes more than this within one window moves to the parser pool, for good. Parsed
   * on the board's thread, 256 K chars are ~8 ms of its time (xterm parses ~30 M chars/s here); an
   * agent redrawing its screen writes ~10–50 K chars a second, a flood or a hostile pane megabytes.
   */
  MoveChars = 256 * 1024,
  WindowMs = 1000,
}

type Queued =
  | { readonly k: 'write'; readonly data: string; readonly done: () => void }
  | { readonly k: 'resize'; readonly cols: number; readonly rows: number }
  | { readonly k: 'snapshot'; readonly done: (data: string) => void; readonly scrollback?: number }

/** What the pane reads while its screen moves: the board-thread terminal's, as of the move. */
interface Frozen {
  readonly screen: MirrorScreen
  readonly title: string
  readonly synchronizing: boolean
  readonly bracketedPaste: boolean
}

/**
 * A pane's mirror (a PaneMirror, structurally: paneMirror.ts makes it) that parses on the board's
 * thread while the pane writes little, and in the parser pool (RemoteMirror) once it floods.
 * Measured with 20 agent-like panes redrawing at 10 Hz (`npm run bench`, redraw): parsing on the
 * board's thread cost 0.19 ms of CPU per 1000 chars against 0.25 in the pool, whose every chunk
 * crosses threads twice and whose worker is a second heap to collect. A flood or a hostile pane
 * still costs a parser thread, not the board's: past MoveChars in a window its screen is serialized
 * (everything written before is parsed by then), a terminal in the pool is seeded with it, and what
 * the pane wrote meanwhile follows, in order. Until the seed is parsed there, the pane reads the
 * screen as it stood when it moved.
 */
export class AdaptiveMirror extends MirrorEmitters {
  private inner: LocalMirror | RemoteMirror
  private innerEvents = new DisposableStore()
  /** Operations held while the screen moves; null otherwise. */
  private held: Queued[] | null = null
  private frozen: Frozen | null = null
  /** After the move: the board-thread terminal's OSC log, going on with what the program sent since (not the seed's). */
  private movedOsc: OscRecord[] | null = null
  private windowStart = Number.NEGATIVE_INFINITY
  private windowChars = 0
  /** Moved to the pool, or the pool could not take it: it stays where it is. */
  private placeFixed = false
  private cols: number
  private rows: number
  private disposed = false

  constructor(
    cols: number,
    rows: number,
    private readonly clock: Clock,
    private readonly pool: () => MirrorPool = defaultMirrorPool,
  ) {
    super()
    this.cols = cols
    this.rows = rows
    this.inner = new LocalMirror(cols, rows, clock)
    this.forward(this.inner)
  }

  /** Where it parses now (tests, diagnostics). */
  get place(): 'main' | 'worker' {
    return this.inner instanceof RemoteMirror ? 'worker' : 'main'
  }

  write(data: string, done: () => void): void {
    if (this.held) return void this.held.push({ k: 'write', data, done })
    this.inner.write(data, done)
    if (this.placeFixed) return
    const now = this.clock.now()
    if (now - this.windowStart >= AdaptiveMirrorConstants.WindowMs) {
      this.windowStart = now
      this.windowChars = 0
    }
    this.windowChars += data.length
    if (this.windowChars > AdaptiveMirrorConstants.MoveChars) this.move()
  }

  resize(cols: number, rows: number): void {
    this.cols = cols
    this.rows = rows
    if (this.held) return void this.held.push({ k: 'resize', cols, rows })
    this.inner.resize(cols, rows)
  }

  snapshot(done: (data: string) => void, scrollback?: number): void {
    if (this.held) return void this.held.push(scrollback === undefined ? { k: 'snapshot', done } : { k: 'snapshot', done, scrollback })
    this.inner.snapshot(done, scrollback)
  }

  private move(): void {
    this.placeFixed = true
    const local = this.inner as LocalMirror
    // The seed is drawn at the size it was serialized at; a resize held meanwhile reflows it after, as it would have here.
    const { cols, rows } = this
    this.held = []
    local.snapshot((serialized) => {
      if (this.disposed) return
      const remote = new RemoteMirror(cols, rows, this.clock, this.pool())
      const held = this.held ?? []
      this.held = null
      if (remote.failure) {
        // No parser thread to be had: it goes on parsing here.
        remote.dispose()
        return this.replay(held)
      }
      this.frozen = {
        screen: local.screen(),
        title: local.title,
        synchronizing: local.synchronizing,
        bracketedPaste: local.bracketedPasteMode,
      }
      this.movedOsc = local.osc.slice()
      this.innerEvents.dispose()
      this.innerEvents = new DisposableStore()
      this.inner = remote
      this.forwardWorker(remote)
      local.dispose()
      // The seed redraws what was already shown: its title and OSC are not news. A barrier ends
      // it, so the worker parses it apart from what follows (whose events are news).
      remote.write(serialized + (this.frozen.synchronizing ? '\x1b[?2026h' : '') + (this.frozen.title ? `\x1b]0;${this.frozen.title}\x07` : ''), noop)
      remote.write('', () => {
        this.frozen = null
        this.forward(remote)
      })
      this.replay(held)
    })
  }

  private replay(held: readonly Queued[]): void {
    for (const op of held) {
      if (op.k === 'write') this.inner.write(op.data, op.done)
      else if (op.k === 'resize') this.inner.resize(op.cols, op.rows)
      else this.inner.snapshot(op.done, op.scrollback)
    }
  }

  /** What the program's output says: replies, titles, OSC, bells. */
  private forward(mirror: LocalMirror | RemoteMirror): void {
    this.innerEvents.add(mirror.onReply((data) => this._onReply.fire(data)))
    this.innerEvents.add(mirror.onTitle((title) => this._onTitle.fire(title)))
    this.innerEvents.add(
      mirror.onOsc((record) => {
        if (this.movedOsc) {
          this.movedOsc.push(record)
          if (this.movedOsc.length > MirrorConstants.OscHistory) this.movedOsc.shift()
        }
        this._onOsc.fire(record)
      }),
    )
    this.innerEvents.add(mirror.onBell(() => this._onBell.fire()))
  }

  /** What happens to the parser worker: from the move on. */
  private forwardWorker(remote: RemoteMirror): void {
    this.innerEvents.add(remote.onDidFail((why) => this._onDidFail.fire(why)))
    this.innerEvents.add(remote.onDidRecover((how) => this._onDidRecover.fire(how)))
  }

  get failure(): string | null {
    return this.inner.failure
  }

  get title(): string {
    return this.frozen ? this.frozen.title : this.inner.title
  }

  get synchronizing(): boolean {
    return this.frozen ? this.frozen.synchronizing : this.inner.synchronizing
  }

  get bracketedPasteMode(): boolean {
    return this.frozen ? this.frozen.bracketedPaste : this.inner.bracketedPasteMode
  }

  get osc(): readonly OscRecord[] {
    return this.movedOsc ?? this.inner.osc
  }

  screen(): MirrorScreen {
    return this.frozen ? this.frozen.screen : this.inner.screen()
  }

  override dispose(): void {
    if (this.disposed) return
    this.disposed = true
    // Snapshots held while moving are answered, as a disposed mirror answers its own.
    for (const op of this.held ?? []) if (op.k === 'snapshot') op.done('')
    this.held = null
    this.innerEvents.dispose()
    this.inner.dispose()
    super.dispose()
  }
}

function noop(): void {}
