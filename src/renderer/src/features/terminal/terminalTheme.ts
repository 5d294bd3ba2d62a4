import type { ITheme } from '@xterm/xterm'
import { DEFAULT_PALETTE } from '../../../../core/terminal/queryReplies'

/**
 * The renderer's colours. Foreground, background and cursor are the palette the board reports to
 * programs that ask (OSC 10/11/12), so what a program assumes is what the user sees.
 */
export const TERMINAL_THEME: ITheme = {
  foreground: DEFAULT_PALETTE.foreground,
  background: DEFAULT_PALETTE.background,
  cursor: DEFAULT_PALETTE.cursor,
  cursorAccent: DEFAULT_PALETTE.background,
  selectionBackground: '#264f78',
  black: '#000000',
  red: '#cd3131',
  green: '#0dbc79',
  yellow: '#e5e510',
  blue: '#2472c8',
  magenta: '#bc3fbc',
  cyan: '#11a8cd',
  white: '#e5e5e5',
  brightBlack: '#666666',
  brightRed: '#f14c4c',
  brightGreen: '#23d18b',
  brightYellow: '#f5f543',
  brightBlue: '#3b8eea',
  brightMagenta: '#d670d6',
  brightCyan: '#29b8db',
  brightWhite: '#e5e5e5',
}

/**
 * Local fonts only (the CSP allows no remote ones); the first one installed wins. The board's own
 * symbols font (assets/fonts) comes last: glyphs agents draw that Debian's fonts lack (`⎿`).
 */
export const TERMINAL_FONT =
  "'JetBrains Mono', 'Cascadia Mono', 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', 'Switchboard Symbols', monospace"

/** The symbols font's family, loaded before a terminal draws (its glyphs are cached once drawn). */
export const SYMBOLS_FONT = 'Switchboard Symbols'
