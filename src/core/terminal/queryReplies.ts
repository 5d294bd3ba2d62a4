/**
 * Replies to the terminal queries xterm's headless build leaves unanswered. Programs ask for the
 * default colours at start (OSC 10/11/12 "?"); OpenCode waits about 10 s for an answer before
 * drawing anything, so the board answers as the terminal of record.
 */
export interface TerminalPalette {
  readonly foreground: string
  readonly background: string
  readonly cursor: string
}

export const DEFAULT_PALETTE: TerminalPalette = {
  foreground: '#d4d4d4',
  background: '#1e1e1e',
  cursor: '#ffffff',
}

/** `#1e1e1e` → `rgb:1e1e/1e1e/1e1e` (the X11 form xterm replies with). */
export function toXColor(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`)
  return `rgb:${m[1]}${m[1]}/${m[2]}${m[2]}/${m[3]}${m[3]}`.toLowerCase()
}

/**
 * For OSC 10/11/12 with data "?" (possibly several "?;?" for consecutive colours), the reply
 * sequences; null when the sequence is not a query (it sets a colour, which we let pass).
 */
export function colorQueryReply(ident: number, data: string, palette: TerminalPalette = DEFAULT_PALETTE): string | null {
  const order = [palette.foreground, palette.background, palette.cursor]
  const first = ident - 10
  if (first < 0 || first > 2) return null
  const parts = data.split(';')
  if (!parts.every((p) => p === '?')) return null
  let reply = ''
  parts.forEach((_, i) => {
    const colour = order[first + i]
    if (colour) reply += `\x1b]${ident + i};${toXColor(colour)}\x1b\\`
  })
  return reply || null
}

/** xterm's 16 ANSI colours (its defaults), then the 6×6×6 cube and the 24 greys of the 256-colour palette. */
const ANSI16 = [
  '#000000',
  '#cd0000',
  '#00cd00',
  '#cdcd00',
  '#0000ee',
  '#cd00cd',
  '#00cdcd',
  '#e5e5e5',
  '#7f7f7f',
  '#ff0000',
  '#00ff00',
  '#ffff00',
  '#5c5cff',
  '#ff00ff',
  '#00ffff',
  '#ffffff',
]

export function paletteColor(index: number): string | null {
  if (!Number.isInteger(index) || index < 0 || index > 255) return null
  if (index < 16) return ANSI16[index]!
  const hex = (v: number) => v.toString(16).padStart(2, '0')
  if (index >= 232) {
    const g = 8 + (index - 232) * 10
    return `#${hex(g)}${hex(g)}${hex(g)}`
  }
  const i = index - 16
  const level = (n: number) => (n === 0 ? 0 : 55 + n * 40)
  return `#${hex(level(Math.floor(i / 36)))}${hex(level(Math.floor(i / 6) % 6))}${hex(level(i % 6))}`
}

/**
 * OSC 4 palette queries (`4;index;?`, several pairs allowed): OpenCode asks for the palette at
 * start and waits for the answer before its first frame. Null when nothing in it is a query.
 */
export function paletteQueryReply(data: string): string | null {
  const parts = data.split(';')
  let reply = ''
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (parts[i + 1] !== '?') continue
    const colour = paletteColor(Number(parts[i]))
    if (colour) reply += `\x1b]4;${parts[i]};${toXColor(colour)}\x1b\\`
  }
  return reply || null
}

/** The cell size the board reports to programs that ask in pixels (no real window draws the mirror). */
export const REPORTED_CELL = { width: 8, height: 16 } as const

/**
 * XTWINOPS size reports: 14t (text area in pixels), 16t (cell size in pixels), 18t (text area in
 * characters). Programs size images and layouts from them; unanswered, some wait for a timeout.
 */
export function windowReportReply(op: number, cols: number, rows: number): string | null {
  switch (op) {
    case 14:
      return `\x1b[4;${rows * REPORTED_CELL.height};${cols * REPORTED_CELL.width}t`
    case 16:
      return `\x1b[6;${REPORTED_CELL.height};${REPORTED_CELL.width}t`
    case 18:
      return `\x1b[8;${rows};${cols}t`
    default:
      return null
  }
}
