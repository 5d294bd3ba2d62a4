import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join, resolve } from 'node:path'

/**
 * The file `name` runs as, resolved the way execvp would: a path (relative to `cwd`) or the first match on
 * the pane's own PATH; null when there is none. The one resolver: the launch check, the PTY spawn and the
 * agent install check all ask it.
 */
export function findExecutable(name: string, path: string | undefined, cwd: string): string | null {
  const runnable = (file: string) => {
    try {
      accessSync(file, constants.X_OK)
      return statSync(file).isFile()
    } catch {
      return false
    }
  }
  if (name.includes('/')) {
    const file = isAbsolute(name) ? name : resolve(cwd, name)
    return runnable(file) ? file : null
  }
  for (const dir of searchPath(path)) {
    const file = join(dir, name)
    if (runnable(file)) return file
  }
  return null
}

export function searchPath(path: string | undefined): string[] {
  return (path ?? '').split(delimiter).filter(Boolean)
}
