/**
 * The renderer's Content Security Policy. xterm.js positions rows with inline styles, hence
 * 'unsafe-inline' for styles only; no inline or remote script, no plugins, no framing.
 */
const BASE = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
]

/** Browser mode: also talks to its own WebSocket and cannot be framed. */
export const BROWSER_CSP = [...BASE, "connect-src 'self'", "frame-ancestors 'none'"].join('; ')

/**
 * In the page itself, as `<meta http-equiv>` (added to the built index.html): a header CSP does
 * not reach a file:// page in Electron. It must let browser mode reach its WebSocket ('self');
 * `frame-ancestors` is not allowed in a meta CSP, so browser mode keeps it in its header.
 */
export const RENDERER_META_CSP = [...BASE, "connect-src 'self'"].join('; ')

/** Electron: the renderer talks only through the preload bridge. */
export const ELECTRON_CSP = [...BASE, "connect-src 'none'"].join('; ')
