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
