/**
 * Clamps the counts of escape sequences whose cost grows with the count to the screen, before any
 * emulator sees them. xterm.js (6.0.0, headless and browser) loops `n` times for `CSI n S` (scroll
 * up) and friends: `CSI 9999999 S` took the board's thread ~42 s. Scrolling, inserting or deleting
 * more lines than the screen has looks exactly like doing it for the whole screen, so the clamp
 * changes no screen.
 *
 * A streaming transform: a sequence split across chunks is held back (a few bytes) until its final
 * byte arrives. Output is the input string itself unless a count was rewritten or a sequence is
 * held, so the PTY hot path allocates nothing for ordinary output.
 */

export interface ScreenSize {
  readonly cols: number
  readonly rows: number
}

const enum Ch {
  Esc = 0x1b,
  Csi8 = 0x9b,
  LeftBracket = 0x5b,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  Semicolon = 0x3b,
  PrivateFirst = 0x3c,
  PrivateLast = 0x3f,
  IntermediateFirst = 0x20,
  IntermediateLast = 0x2f,
  FinalFirst = 0x40,
  FinalLast = 0x7e,
  Del = 0x7f,
  Can = 0x18,
  Sub = 0x1a,
  Quote = 0x27,
}

const enum Limit {
  None,
  Rows,
  Cols,
  /** REP repeats a character: it may legitimately fill the screen once. */
  Area,
}

export const enum ClampConstants {
  /** xterm's own cap on a parameter value. */
  MaxParam = 0x7fffffff,
  /** Longest partial sequence held across chunks; longer ones are passed on with the count clamped. */
  MaxHeld = 64,
}

/** The limit on the first parameter of `CSI [intermediate] final` (no private prefix). */
function limitFor(final: number, intermediate: number): Limit {
  if (intermediate === 0) {
    switch (final) {
      case 0x53: // S  SU scroll up
      case 0x54: // T  SD scroll down
      case 0x5e: // ^  SD (alias)
      case 0x4c: // L  IL insert lines
      case 0x4d: // M  DL delete lines
      case 0x45: // E  CNL cursor next line
      case 0x46: // F  CPL cursor preceding line
        return Limit.Rows
      case 0x40: // @  ICH insert characters
      case 0x50: // P  DCH delete characters
      case 0x58: // X  ECH erase characters
      case 0x49: // I  CHT forward tabs
      case 0x5a: // Z  CBT backward tabs
        return Limit.Cols
      case 0x62: // b  REP repeat the preceding character
        return Limit.Area
      default:
        return Limit.None
    }
  }
  if (intermediate === Ch.IntermediateFirst /* space */ && (final === 0x40 || final === 0x41)) return Limit.Cols // SL, SR
  if (intermediate === Ch.Quote && (final === 0x7d || final === 0x7e)) return Limit.Cols // DECIC, DECDC
  return Limit.None
}

/** Outcome of scanning one CSI sequence starting at its introducer. */
const enum Scan {
  /** Ended (final byte or aborted); `end` is the index after it. */
  Done,
  /** The input ended inside the sequence. */
  Incomplete,
}

export class CountClamp {
  /** A partial sequence from the end of the previous chunk. */
  private held = ''
  /** A sequence that outgrew MaxHeld was passed on; the rest of it goes through unchanged. */
  private skipping: 'none' | 'first' | 'rest' = 'none'
  /** The last skip() reached the end of that sequence. */
  private skipEnded = false
  // Results of scan(), kept in fields so scanning allocates nothing.
  private end = 0
  private firstStart = 0
  private firstEnd = 0
  private firstValue = 0
  private limit = Limit.None

  constructor(private size: ScreenSize) {}

  resize(size: ScreenSize): void {
    this.size = size
  }

  /** The partial sequence held back from the last chunk: the emulator has not seen it yet. */
  get heldText(): string {
    return this.held
  }

  private limitValue(limit: Limit): number {
    const cols = Math.max(1, this.size.cols)
    const rows = Math.max(1, this.size.rows)
    return limit === Limit.Rows ? rows : limit === Limit.Cols ? cols : limit === Limit.Area ? cols * rows : ClampConstants.MaxParam
  }

  /** Returns what the emulator may see of this chunk (possibly with a held tail from before). */
  write(chunk: string): string {
    let data = chunk
    let out = ''
    let from = 0
    if (this.skipping !== 'none') {
      out = this.skip(data)
      // skip() ends the skipping only at the end of the sequence, leaving `end` just after it.
      if (this.end >= data.length && !this.skipEnded) return out
      data = data.slice(this.end)
    }
    if (this.held) {
      data = this.held + data
      this.held = ''
    } else if (!out && data.indexOf('\x1b') === -1 && data.indexOf('\x9b') === -1) {
      return data // the fast path: no escape sequence at all
    }
    let i = 0
    const n = data.length
    // The next C1 CSI is looked for again only once passed: searched from every escape, a chunk
    // without one (nearly all: programs send 7-bit CSI) was scanned to its end per sequence.
    let c1 = data.indexOf('\x9b')
    while (i < n) {
      const esc = data.indexOf('\x1b', i)
      if (c1 !== -1 && c1 < i) c1 = data.indexOf('\x9b', i)
      const at = esc === -1 ? c1 : c1 === -1 ? esc : Math.min(esc, c1)
      if (at === -1) break
      let body: number
      if (data.charCodeAt(at) === Ch.Esc) {
        if (at + 1 >= n) return this.hold(data, out, from, at)
        if (data.charCodeAt(at + 1) !== Ch.LeftBracket) {
          i = at + 1
          continue
        }
        body = at + 2
      } else {
        body = at + 1
      }
      if (this.scan(data, body) === Scan.Incomplete) return this.hold(data, out, from, at)
      i = this.end
      if (this.limit === Limit.None) continue
      const max = this.limitValue(this.limit)
      if (this.firstValue <= max) continue
      out += data.slice(from, this.firstStart) + String(max) + controlsIn(data, this.firstStart, this.firstEnd)
      from = this.firstEnd
    }
    if (from === 0) return out ? out + data : data
    return out + data.slice(from)
  }

  /** Keeps data[at…] for the next chunk; returns everything before it. */
  private hold(data: string, out: string, from: number, at: number): string {
    const head = out + data.slice(from, at)
    const tail = data.slice(at)
    if (tail.length <= ClampConstants.MaxHeld) {
      this.held = tail
      return head
    }
    // A sequence this long is hostile or garbage: pass on what came so far with its count clamped to
    // the largest screen limit, and drop any further digits of that count.
    const body = tail.charCodeAt(0) === Ch.Esc ? 2 : 1
    this.scan(tail, body)
    const max = Math.max(this.limitValue(Limit.Rows), this.limitValue(Limit.Cols))
    const clamped = Math.min(this.firstValue, max)
    const inFirst = this.firstEnd === tail.length
    this.skipping = inFirst ? 'first' : 'rest'
    const first = this.firstEnd > this.firstStart ? String(clamped) + controlsIn(tail, this.firstStart, this.firstEnd) : ''
    return head + tail.slice(0, this.firstStart) + first + tail.slice(this.firstEnd)
  }

  /** Continues a sequence that outgrew MaxHeld; sets `end` to where it stopped. */
  private skip(data: string): string {
    this.skipEnded = false
    let i = 0
    const n = data.length
    let kept = ''
    if (this.skipping === 'first') {
      for (; i < n; i++) {
        const c = data.charCodeAt(i)
        if (isInnerControl(c)) kept += data[i]
        else if (!isDigit(c)) break
      }
      if (i === n) {
        this.end = n
        return kept
      }
      this.skipping = 'rest'
    }
    const restStart = i
    for (; i < n; i++) {
      const c = data.charCodeAt(i)
      if (c >= Ch.FinalFirst && c <= Ch.FinalLast) {
        this.skipping = 'none'
        this.skipEnded = true
        this.end = i + 1
        return kept + data.slice(restStart, i + 1)
      }
      if (aborts(c)) {
        this.skipping = 'none'
        this.skipEnded = true
        this.end = i
        return kept + data.slice(restStart, i)
      }
    }
    this.end = n
    return kept + data.slice(restStart)
  }

  /**
   * Scans a CSI sequence from just after its introducer, the way xterm's parser reads it: an
   * optional private prefix, parameters, intermediates, then a final byte; C0 controls inside are
   * executed by xterm without ending the sequence, while ESC, CAN, SUB and C1 abort it.
   */
  private scan(data: string, body: number): Scan {
    const n = data.length
    let i = body
    let isPrivate = false
    if (i < n) {
      const c = data.charCodeAt(i)
      if (c >= Ch.PrivateFirst && c <= Ch.PrivateLast) {
        isPrivate = true
        i++
      }
    }
    this.firstStart = i
    let value = 0
    // C0 controls inside a parameter are executed and the digits after them still add to it.
    let lastDigit = i
    while (i < n) {
      const c = data.charCodeAt(i)
      if (isDigit(c)) {
        value = Math.min(value * 10 + (c - Ch.Zero), ClampConstants.MaxParam)
        lastDigit = ++i
      } else if (isInnerControl(c)) i++
      else break
    }
    this.firstEnd = i === n ? n : lastDigit
    i = this.firstEnd
    this.firstValue = value
    this.limit = Limit.None
    let intermediate = 0
    for (; i < n; i++) {
      const c = data.charCodeAt(i)
      if (c >= Ch.FinalFirst && c <= Ch.FinalLast) {
        this.end = i + 1
        if (!isPrivate) this.limit = limitFor(c, intermediate)
        return Scan.Done
      }
      if (c >= Ch.IntermediateFirst && c <= Ch.IntermediateLast) {
        intermediate = intermediate === 0 ? c : -1
        continue
      }
      if (isDigit(c) || c === Ch.Colon || c === Ch.Semicolon || (c >= Ch.PrivateFirst && c <= Ch.PrivateLast)) continue
      if (aborts(c)) {
        this.end = i
        return Scan.Done
      }
      // Other C0 controls and DEL: executed or ignored inside the sequence.
    }
    return Scan.Incomplete
  }
}

/** Controls xterm executes (C0) or ignores (DEL) inside a CSI sequence without ending it. */
function isInnerControl(c: number): boolean {
  return (c < 0x20 && c !== Ch.Esc && c !== Ch.Can && c !== Ch.Sub) || c === Ch.Del
}

/** The controls among the digits of a parameter, kept when the digits are rewritten. */
function controlsIn(data: string, from: number, to: number): string {
  let out = ''
  for (let i = from; i < to; i++) if (isInnerControl(data.charCodeAt(i))) out += data[i]
  return out
}

function isDigit(c: number): boolean {
  return c >= Ch.Zero && c <= Ch.Nine
}

/** ESC, CAN, SUB, C1 controls and anything from U+00A0 up end a CSI sequence in xterm's parser. */
function aborts(c: number): boolean {
  return c === Ch.Esc || c === Ch.Can || c === Ch.Sub || c >= 0x80
}
