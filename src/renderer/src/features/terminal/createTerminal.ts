/**
 * Builds one renderer xterm for one pane: fit, unicode 11 widths, clickable links, the query
 * guards, and the WebGL renderer when it works (the DOM renderer otherwise).
 */
import { Terminal } from '@xterm/xterm'
import { FitAddon } from '@xterm/addon-fit'
import { SearchAddon } from '@xterm/addon-search'
import { Unicode11Addon } from '@xterm/addon-unicode11'
import { WebLinksAddon } from '@xterm/addon-web-links'
import { WebglAddon } from '@xterm/addon-webgl'
import { swallowTerminalQueries } from './queryGuard'
import { SYMBOLS_FONT, TERMINAL_FONT, TERMINAL_THEME } from './terminalTheme'

export const enum TerminalConstants {
  /** Matches the board's mirror, which is what an attach restores. */
  Scrollback = 5000,
  FontSize = 13,
}

export interface PaneXterm {
  readonly term: Terminal
  readonly fit: FitAddon
  /** Finds text in the screen and scrollback (TerminalSearch). */
  readonly search: SearchAddon
  /** 'webgl' or 'dom': which renderer draws right now. */
  readonly renderer: () => 'webgl' | 'dom'
  dispose(): void
}

/** Links open outside the app: a new browser tab, or (Electron) the user's browser. */
function openLink(event: MouseEvent, uri: string): void {
  event.preventDefault()
  if (/^https?:\/\//i.test(uri)) window.open(uri, '_blank', 'noopener,noreferrer')
}

export function createTerminal(host: HTMLElement, fontSize: number = TerminalConstants.FontSize): PaneXterm {
  const term = new Terminal({
    allowProposedApi: true, // unicode11 sets term.unicode.activeVersion
    scrollback: TerminalConstants.Scrollback,
    fontFamily: TERMINAL_FONT,
    fontSize,
    lineHeight: 1.15,
    cursorBlink: true,
    cursorStyle: 'block',
    theme: TERMINAL_THEME,
    macOptionIsMeta: true,
    rightClickSelectsWord: true,
  })
  // Before anything is written, so no query can slip through.
  const guards = swallowTerminalQueries(term)
  const fit = new FitAddon()
  term.loadAddon(fit)
  term.loadAddon(new Unicode11Addon())
  term.unicode.activeVersion = '11'
  term.loadAddon(new WebLinksAddon(openLink))
  const search = new SearchAddon({ highlightLimit: 500 })
  term.loadAddon(search)
  term.open(host)

  let webgl: WebglAddon | null = null
  try {
    webgl = new WebglAddon()
    const addon = webgl
    addon.onContextLoss(() => {
      // The GPU context is gone (driver reset, too many contexts): xterm falls back to the DOM
      // renderer once the addon is disposed.
      addon.dispose()
      if (webgl === addon) webgl = null
    })
    term.loadAddon(addon)
  } catch {
    // Swallow: no WebGL here (blocked GPU, headless without SwiftShader); the DOM renderer draws.
    webgl?.dispose()
    webgl = null
  }

  // A glyph drawn before its font loaded stays a box in the renderer's cache: redraw once it has.
  let disposed = false
  void document.fonts?.load(`${fontSize}px '${SYMBOLS_FONT}'`, '\u23bf').then(
    () => {
      if (disposed) return
      term.clearTextureAtlas()
      term.refresh(0, term.rows - 1)
    },
    () => undefined,
  )

  return {
    term,
    fit,
    search,
    renderer: () => (webgl ? 'webgl' : 'dom'),
    dispose: () => {
      disposed = true
      guards.dispose()
      webgl?.dispose()
      term.dispose()
    },
  }
}
