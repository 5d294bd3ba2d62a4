import xtermHeadless from '@xterm/headless'
import type { IBufferNamespace } from '@xterm/headless'
import serializeAddon from '@xterm/addon-serialize'
import type { Clock } from '../../core/lifecycle/clock'
import { DisposableStore } from '../../core/lifecycle/disposable'
import { colorQueryReply, paletteQueryReply, windowReportReply } from '../../core/terminal/queryReplies'
import type { OscRecord } from '../../shared/domain/pane'
import { MirrorEmitters } from './mirrorEmitters'
import { cellLine, rowTextIs } from './rowTexts'

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
  /**
   * Longest piece of a write handed to xterm, in chars: xterm's first size of the buffer it
   * decodes a write into (see write).
   */
  ParseChunk = 4096,
}

/**
 * OSC numbers recorded as terminal signals: titles, cwd, notifications (9, 99, 777), progress,
 * shell integration (133, 633), iTerm's 1337 and Codex's own state (7501).
 */
const OSC_RECORDED = [0, 1, 2, 7, 9, 99, 133, 633, 777, 1337, 7501]

/** The parts of xterm's input handler (not public API) that say which rows a parse touched. */
interface RowTracking {
  readonly onRequestRefreshRows: (listener: (range: { start: number; end: number } | undefined) => void) => { dispose(): void }
  readonly _dirtyRowTracker: { readonly start: number; readonly end: number }
}

function rowTracking(term: HeadlessTerminal): RowTracking | null {
  const handler = (term as unknown as { _core?: { _inputHandler?: Partial<RowTracking> } })._core?._inputHandler
  if (!handler || typeof handler.onRequestRefreshRows !== 'function') return null
  const tracker = handler._dirtyRowTracker
  if (!tracker || typeof tracker.start !== 'number' || typeof tracker.end !== 'number') return null
  return handler as RowTracking
}

/** A screen's size, cursor and buffer, without its text. */
export interface MirrorPage {
  readonly cols: number
  readonly rows: number
  readonly cursor: { x: number; y: number }
  readonly alternate: boolean
}

/** xterm's input handler (not public API): the buffer it decodes each write into. */
function parseBuffer(term: HeadlessTerminal): Uint32Array | null {
  const buffer = (term as unknown as { _core?: { _inputHandler?: { _parseBuffer?: unknown } } })._core?._inputHandler?._parseBuffer
  return buffer instanceof Uint32Array ? buffer : null
}

/**
 * xterm's parser (not public API) keeps its handlers in one list per sequence, ~190 lists each
 * holding one handler, and V8 gives a list 17 slots on its first push: 30 KiB of heap per
 * terminal (BENCH_ONLY=agentmem heap snapshots: 200 arrays of 152 bytes per pane). Each list is
 * swapped for an exact copy (27–31 KiB less per terminal, 50 fresh terminals measured). A handler
 * registered before keeps the old list for its dispose, so this runs before any of ours; xterm
 * never disposes its own. Left alone when the parser is not laid out as expected.
 */
function compactHandlerLists(term: HeadlessTerminal): void {
  type Lists = Record<string, unknown>
  const parser = (
    term as unknown as {
      _core?: {
        _inputHandler?: { _parser?: { _csiHandlers?: Lists; _escHandlers?: Lists; _oscParser?: { _handlers?: Lists }; _dcsParser?: { _handlers?: Lists } } }
      }
    }
  )._core?._inputHandler?._parser
  for (const lists of [parser?._csiHandlers, parser?._escHandlers, parser?._oscParser?._handlers, parser?._dcsParser?._handlers]) {
    if (!lists || typeof lists !== 'object') continue
    for (const key of Object.keys(lists)) {
      const list = lists[key]
      if (Array.isArray(list)) lists[key] = list.slice()
    }
  }
}

export interface MirrorScreen extends MirrorPage {
  readonly lines: string[]
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
  /**
   * The bottom page's rows as last read, and the rows (viewport, inclusive) that may have changed
   * since: the pool reads every parsing pane's screen once per round, and reading all rows took
   * 17 % of the parser thread (20 panes redrawing half their rows at 10 Hz, perf; 12 % now).
   */
  private rowsRead: string[] | null = null
  /**
   * Every row is read again at the next read: after a scroll, a resize, the other buffer, a reset,
   * or always with an xterm without the row tracking relied on. A row read again whose cells still
   * hold its old text keeps it (rowTextIs): screen reads over the recorded Claude, Codex and
   * OpenCode sessions took 20–45 % less time, as a redraw marks rows whose text stays the same.
   */
  private readAll = true
  /** xterm's core (not public API), whose lines rowTextIs compares with the rows read before. */
  private readonly core: unknown
  private changedFrom = Number.POSITIVE_INFINITY
  private changedTo = -1
  private readonly tracking: RowTracking | null
  /** xterm's buffer namespace, read once: its getter checks the proposed-API option on every call (4 % of the board's thread in the redraw bench's profile). */
  private readonly buffers: IBufferNamespace

  constructor(
    cols: number,
    rows: number,
    private readonly clock: Clock,
    scrollback: number = MirrorConstants.Scrollback,
    /**
     * OSC records kept for `osc`: 0 in the parser worker, where the pane's side (RemoteMirror)
     * keeps the log from the worker's events and no one reads this one.
     */
    private readonly oscHistory: number = MirrorConstants.OscHistory,
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
    this.buffers = this.term.buffer
    // Before any handler of ours is registered (see compactHandlerLists).
    compactHandlerLists(this.term)
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
    this.tracking = rowTracking(this.term)
    this.core = (this.term as unknown as { _core?: unknown })._core
    if (this.tracking) {
      const all = () => (this.readAll = true)
      // xterm asks for every row (no range) when a synchronized update ends, which changes no
      // cell (the rows drawn inside it were marked as drawn), and when the buffer switches (seen below).
      this.store.add(this.tracking.onRequestRefreshRows((range) => range && this.rowsChanged(range.start, range.end)))
      this.store.add(this.term.onScroll(all))
      this.store.add(this.term.onResize(all))
      this.store.add(this.buffers.onBufferChange(all))
      // RIS: observed, not handled (xterm resets as before).
      this.store.add(this.term.parser.registerEscHandler({ final: 'c' }, () => (all(), false)))
    }
  }

  private rowsChanged(start: number, end: number): void {
    if (start < this.changedFrom) this.changedFrom = start
    if (end > this.changedTo) this.changedTo = end
  }

  private recordOsc(ident: number, data: string): void {
    const record: OscRecord = { ident, data: data.slice(0, MirrorConstants.OscMaxChars), at: this.clock.now() }
    if (this.oscHistory > 0) this.oscLog.push(record)
    if (this.oscLog.length > this.oscHistory) this.oscLog.shift()
    this._onOsc.fire(record)
  }

  /**
   * `done` runs once the chunk is parsed: only then does the screen reflect it. A long chunk goes
   * to xterm in pieces of ParseChunk chars: xterm decodes each write whole into one buffer, grown
   * to the longest write it parsed (up to 128 Ki chars, 512 KiB) and kept for the terminal's life,
   * so an idle agent pane kept the 95 KiB its 24 K chars of output had grown it to
   * (BENCH_ONLY=agentmem), and a pane that once flooded kept 512 KiB. In pieces it stays at its
   * first 16 KiB; parsing is as fast (4.5 M chars of mixed output in 32 KiB slices: 214–234 ms
   * whole, 214–223 ms in pieces). xterm carries a sequence or a character cut between pieces over.
   */
  write(data: string | Uint8Array, done: () => void): void {
    if (data.length <= MirrorConstants.ParseChunk) return this.term.write(data, done)
    for (let at = 0; at < data.length; at += MirrorConstants.ParseChunk) {
      const end = Math.min(data.length, at + MirrorConstants.ParseChunk)
      const piece = typeof data === 'string' ? data.slice(at, end) : data.subarray(at, end)
      this.term.write(piece, end === data.length ? done : undefined)
    }
  }

  /** Chars xterm's decode buffer holds (null: an xterm without it); for tests and diagnostics. */
  get parseBufferLength(): number | null {
    return parseBuffer(this.term)?.length ?? null
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
    const buffer = this.buffers.active
    // A copy: the caller may keep it, and the next read updates these rows in place. Built as one
    // literal: `{ ...page, lines }` went through V8's runtime for its last property on every read.
    const lines = this.readRows().slice()
    return { cols: this.term.cols, rows: this.term.rows, cursor: { x: buffer.cursorX, y: buffer.cursorY }, alternate: buffer.type === 'alternate', lines }
  }

  /** The bottom page's rows, read again where they may have changed; kept (and updated in place) for the next read. */
  private readRows(): string[] {
    const buffer = this.buffers.active
    const rows = this.term.rows
    const before = this.rowsRead
    // A row whose cells still hold its old text keeps that string (rowTextIs): it is not built again.
    const row = (y: number) => {
      const index = buffer.baseY + y
      const old = before?.[y]
      if (old !== undefined) {
        const line = cellLine(this.core, index)
        if (line && rowTextIs(line, old)) return old
      }
      return flat(buffer.getLine(index)?.translateToString(true) ?? '')
    }
    let read = this.rowsRead
    if (!this.tracking || this.readAll || !read || read.length !== rows || buffer.viewportY !== buffer.baseY) {
      read = Array.from({ length: rows }, (_, y) => row(y))
    } else {
      // A parse still under way (a handler reading the screen) has marked rows not reported yet.
      const live = this.tracking._dirtyRowTracker
      const from = Math.max(0, Math.min(this.changedFrom, live.start))
      const to = Math.min(rows - 1, Math.max(this.changedTo, live.end))
      for (let y = from; y <= to; y++) read[y] = row(y)
    }
    this.rowsRead = read
    this.readAll = false
    this.changedFrom = Number.POSITIVE_INFINITY
    this.changedTo = -1
    return read
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

/**
 * `text` made one flat string. xterm builds a row by appending cell after cell, and V8 keeps such a
 * string as a rope of up to a node per cell: 28 KiB per idle agent pane kept that way
 * (BENCH_ONLY=agentmem), against 4 KiB flat. Reading a character flattens a rope in place. Only
 * the rows read again are flattened; joining every row and slicing them out of the joined text on
 * each read (what this did before) was 10 % of the board's thread with 20 redrawing panes.
 */
function flat(text: string): string {
  text.charCodeAt(0)
  return text
}
