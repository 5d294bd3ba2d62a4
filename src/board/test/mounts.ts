import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Real mounts for the tests that need a full disk or a read-only data dir (issue 24.12, 24.13):
 * a size-limited tmpfs, a read-only bind mount. Only where this process may mount (root in CI
 * and here); each returns its unmount, and the tests unmount in afterEach.
 */
export const canMount: boolean = (() => {
  if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) return false
  const probe = mkdtempSync(join(tmpdir(), 'sb-mount-probe-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' })
    execFileSync('umount', [probe], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    rmdirSync(probe)
  }
})()

/** A tmpfs of `sizeKiB` at `dir` (which must exist). */
export function mountTmpfs(dir: string, sizeKiB: number): () => void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=700`, 'tmpfs', dir], { stdio: 'ignore' })
  return () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
}

/** `dir` mounted over itself read-only: its files stay, nothing can be written there. */
export function bindReadOnly(dir: string): () => void {
  execFileSync('mount', ['--bind', dir, dir], { stdio: 'ignore' })
  try {
    execFileSync('mount', ['-o', 'remount,ro,bind', dir], { stdio: 'ignore' })
  } catch (err) {
    execFileSync('umount', [dir], { stdio: 'ignore' })
    throw err
  }
  return () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
}
