import xtermHeadless from '@xterm/headless'
import serializeAddon from '@xterm/addon-serialize'
import type { Clock } from '../../core/lifecycle/clock'
import { DisposableStore } from '../../core/lifecycle/disposable'
import { colorQueryReply, paletteQueryReply, windowReportReply } from '../../core/terminal/queryReplies'
import type { OscRecord } from '../../shared/domain/pane'
import { MirrorEmitters } from './mirrorEmitters'

// Both packages are CommonJS: named imports go through the default export under Node's ESM/CJS interop.
const { Terminal } = xtermHeadless
const { SerializeAddon } = serializeAddon
type HeadlessTerminal = InstanceType<typeof Terminal>

export const enum MirrorConstants {
  /** Lines of scrollback kept per pane: enough to restore a renderer, bounded for memory. */
  Scrollback = 5000,
  /** OSC sequences remembered per pane (newest kept). */
  OscHistory = 32,
  /** Longest OSC payload kept; longer ones (clipboard, images) are cut. */
  OscMaxChars = 1024,
}

/**
 * OSC numbers recorded as terminal signals: titles, cwd, notifications (9, 99, 777), progress,
 * shell integration (133, 633), iTerm's 1337 and Codex's own state (7501).
 */
const OSC_RECORDED = [0, 1, 2, 7, 9, 99, 133, 633, 777, 1337, 7501]

export interface MirrorScreen {
  readonly cols: number
  readonly rows: number
  readonly lines: string[]
  readonly cursor: { x: number; y: number }
  readonly alternate: boolean
}

/**
 * The pane's terminal of record: an @xterm/headless emulator fed with everything the program
 * writes. It answers the program's terminal queries (xterm answers device attributes and cursor
 * position itself; the colour queries are answered here), records titles and OSC sequences, and
 * gives the visible screen as text.
 */
export class HeadlessMirror extends MirrorEmitters {
  private readonly term: HeadlessTerminal
  private readonly serializer = new SerializeAddon()
  private readonly store = new DisposableStore()
  private readonly oscLog: OscRecord[] = []
  private titleText = ''

  constructor(
    cols: number,
    rows: number,
    private readonly clock: Clock,
    scrollback: number = MirrorConstants.Scrollback,
  ) {
    super()
    // logLevel off: hostile bytes would otherwise flood stderr with xterm's parse-error reports.
    this.term = new Terminal({
      cols,
      rows,
      scrollback,
      allowProposedApi: true,
      logLevel: 'off',
      // xterm passes these size reports to our handler below only when enabled here.
      windowOptions: { getWinSizePixels: true, getCellSizePixels: true, getWinSizeChars: true },
    })
    this.term.loadAddon(this.serializer)
    this.store.add(this.term.onData((data) => this._onReply.fire(data)))
    this.store.add(
      this.term.onTitleChange((title) => {
        this.titleText = title
        this._onTitle.fire(title)
      }),
    )
    for (const ident of [10, 11, 12]) {
      this.store.add(
        this.term.parser.registerOscHandler(ident, (data) => {
          const reply = colorQueryReply(ident, data)
          if (reply === null) return false
          this._onReply.fire(reply)
          return true
        }),
      )
    }
    this.store.add(
      this.term.parser.registerOscHandler(4, (data) => {
        const reply = paletteQueryReply(data)
        if (reply === null) return false
        this._onReply.fire(reply)
        return true
      }),
    )
    this.store.add(
      this.term.parser.registerCsiHandler({ final: 't' }, (params) => {
        const reply = typeof params[0] === 'number' ? windowReportReply(params[0], this.term.cols, this.term.rows) : null
        if (reply === null) return false
        this._onReply.fire(reply)
        return true
      }),
    )
    for (const ident of OSC_RECORDED) {
      this.store.add(
        this.term.parser.registerOscHandler(ident, (data) => {
          this.recordOsc(ident, data)
          // Not handled: xterm's own handling (titles, hyperlinks) goes on.
          return false
        }),
      )
    }
    this.store.add(this.term.onBell(() => this._onBell.fire()))
  }

  private recordOsc(ident: number, data: string): void {
    const record: OscRecord = { ident, data: data.slice(0, MirrorConstants.OscMaxChars), at: this.clock.now() }
    this.oscLog.push(record)
    if (this.oscLog.length > MirrorConstants.OscHistory) this.oscLog.shift()
    this._onOsc.fire(record)
  }

  /** `done` runs once the chunk is parsed: only then does the screen reflect it. */
  write(data: string | Uint8Array, done: () => void): void {
    this.term.write(data, done)
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows)
  }

  get title(): string {
    return this.titleText
  }

  /** Inside a synchronized update (`CSI ?2026h` without its `l` yet): the frame is half drawn. */
  get synchronizing(): boolean {
    return this.term.modes.synchronizedOutputMode
  }

  /** The program enabled bracketed paste (`CSI ?2004h`): a multi-line answer can go as one paste. */
  get bracketedPasteMode(): boolean {
    return this.term.modes.bracketedPasteMode
  }

  get osc(): readonly OscRecord[] {
    return this.oscLog
  }

  /** The bottom page (rows baseY … baseY+rows-1), whatever the viewport is scrolled to. */
  screen(): MirrorScreen {
    const buffer = this.term.buffer.active
    const lines: string[] = []
    for (let y = 0; y < this.term.rows; y++) lines.push(buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '')
    return {
      cols: this.term.cols,
      rows: this.term.rows,
      lines,
      cursor: { x: buffer.cursorX, y: buffer.cursorY },
      alternate: buffer.type === 'alternate',
    }
  }

  /** Screen, scrollback and modes as escape sequences a fresh xterm can replay. */
  serialize(scrollback: number = MirrorConstants.Scrollback): string {
    return this.serializer.serialize({ scrollback })
  }

  override dispose(): void {
    this.store.dispose()
    this.term.dispose()
    super.dispose()
  }
}
