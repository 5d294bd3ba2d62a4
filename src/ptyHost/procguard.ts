import { loadNativeAddon, nativeAddonPath } from '../board/util/nativeAddon'

/** native/procguard: the two system calls Node lacks (see procguard.c). */
export interface Procguard {
  /** prctl(PR_SET_CHILD_SUBREAPER, 1); false where the kernel refuses or it is not Linux. */
  becomeSubreaper(): boolean
  /** waitpid(pid, WNOHANG): the status word when `pid` was a zombie child and is reaped, else -1. */
  reap(pid: number): number
}

/** The addon, or why it cannot be had (not built: `npm run build:native`; not Linux). */
export function loadProcguard(path: string | null = nativeAddonPath('procguard')): Procguard | { readonly missing: string } {
  if (process.platform !== 'linux') return { missing: 'child subreapers are Linux only' }
  return loadNativeAddon<Procguard>('procguard', path)
}
