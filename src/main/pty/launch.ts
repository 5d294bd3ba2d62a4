import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join, resolve } from 'node:path'

/**
 * Checks a launch before node-pty forks: node-pty reports a bad cwd or a missing executable only
 * as an exit of the forked child, which would show up as a pane that flashes and dies. Returns a
 * message saying what is wrong and what to do, or null when the launch can go ahead.
 */
export function checkCwd(cwd: string): string | null {
  try {
    if (!statSync(cwd).isDirectory()) return `working directory ${cwd} is not a directory`
    return null
  } catch {
    return `working directory ${cwd} does not exist; pick an existing directory`
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Resolves argv[0] the way execvp would, against the pane's own PATH. */
export function resolveExecutable(file: string, cwd: string, pathVar: string | undefined): string | null {
  if (file.includes('/')) {
    const full = isAbsolute(file) ? file : resolve(cwd, file)
    return isExecutableFile(full) ? full : null
  }
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (!dir) continue
    const full = join(dir, file)
    if (isExecutableFile(full)) return full
  }
  return null
}
