/**
 * The Electron window's decisions, as pure functions (no `electron` import, so they are unit
 * tested here where Electron's binary cannot run): which page it may show, which permission it
 * may use, where it may navigate.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The page the window shows: the built renderer. A dev server URL (electron-vite sets
 * ELECTRON_RENDERER_URL) only in a development run of an unpackaged app, and only on loopback,
 * so an environment variable can never point the packaged app at someone else's page.
 */
export function rendererUrlFor(options: { readonly packaged: boolean; readonly devUrl: string | undefined; readonly mainDir: string }): string {
  const built = pathToFileURL(join(options.mainDir, '../renderer/index.html')).href
  if (options.packaged || !options.devUrl) return built
  try {
    const url = new URL(options.devUrl)
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
    return url.protocol === 'http:' && loopback ? url.href : built
  } catch {
    return built
  }
}

/** Whether `url` is a page of ours: the renderer's own folder (or dev origin), nothing outside it. */
export function isOurPageOf(base: string, url: string): boolean {
  if (url === base) return true
  let parsed: URL
  let root: URL
  try {
    parsed = new URL(url)
    root = new URL('./', base)
  } catch {
    return false
  }
  // Compare the parsed forms: `..` and %2e%2e are resolved by URL, so they cannot climb out.
  return (
    parsed.protocol === root.protocol &&
    parsed.host === root.host &&
    parsed.pathname.startsWith(root.pathname) &&
    !/%2e|%2f|%5c/i.test(url.slice(root.href.length))
  )
}

/** The one permission the board uses (its notifications), for its own page only; all else is denied. */
export function allowPermission(permission: string, requestingUrl: string | undefined, isOurPage: (url: string) => boolean): boolean {
  return permission === 'notifications' && requestingUrl !== undefined && isOurPage(requestingUrl)
}
