import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

/** native/procguard: the two system calls Node lacks (see procguard.c). */
export interface Procguard {
  /** prctl(PR_SET_CHILD_SUBREAPER, 1); false where the kernel refuses or it is not Linux. */
  becomeSubreaper(): boolean
  /** waitpid(pid, WNOHANG): the status word when `pid` was a zombie child and is reaped, else -1. */
  reap(pid: number): number
}

const ADDON = join('native', 'procguard', 'build', 'Release', 'procguard.node')

/** Where the built addon is: beside the packaged app's asar, or above this bundle in a checkout. */
export function procguardPath(from: string = __dirname): string | null {
  const packaged = (process as { resourcesPath?: string }).resourcesPath
  if (packaged && existsSync(join(packaged, 'app.asar.unpacked', ADDON))) return join(packaged, 'app.asar.unpacked', ADDON)
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ADDON))) return join(dir, ADDON)
    if (dirname(dir) === dir) return null
  }
}

/** The addon, or why it cannot be had (not built: `npm run build:native`; not Linux). */
export function loadProcguard(path: string | null = procguardPath()): Procguard | { readonly missing: string } {
  if (process.platform !== 'linux') return { missing: 'child subreapers are Linux only' }
  if (!path) return { missing: `${ADDON} is not built (run \`npm run build:native\`; it needs a C compiler and make)` }
  try {
    return createRequire(__filename)(path) as Procguard
  } catch (err) {
    return { missing: `${path} did not load: ${err instanceof Error ? err.message : String(err)}` }
  }
}
