import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

/** native/<name>'s build output, relative to the app's root. */
function addonFile(name: string): string {
  return join('native', name, 'build', 'Release', `${name}.node`)
}

/** Where native/<name> is built: beside the packaged app's asar, or above this bundle in a checkout. */
export function nativeAddonPath(name: string, from: string = __dirname): string | null {
  const file = addonFile(name)
  const packaged = (process as { resourcesPath?: string }).resourcesPath
  if (packaged && existsSync(join(packaged, 'app.asar.unpacked', file))) return join(packaged, 'app.asar.unpacked', file)
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, file))) return join(dir, file)
    if (dirname(dir) === dir) return null
  }
}

/** The addon, or why it cannot be had (not built: `npm run build:native`). */
export function loadNativeAddon<T>(name: string, path: string | null = nativeAddonPath(name)): T | { readonly missing: string } {
  if (!path) return { missing: `${addonFile(name)} is not built (run \`npm run build:native\`; it needs a C compiler and make)` }
  try {
    return createRequire(__filename)(path) as T
  } catch (err) {
    return { missing: `${path} did not load: ${err instanceof Error ? err.message : String(err)}` }
  }
}
