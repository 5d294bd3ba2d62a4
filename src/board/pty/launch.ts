import { statSync } from 'node:fs'

/**
 * Checks a launch before node-pty forks: node-pty reports a bad cwd or a missing executable only
 * as an exit of the forked child, which would show up as a pane that flashes and dies. Returns a
 * message saying what is wrong and what to do, or null when the launch can go ahead. (The executable is
 * checked by util/findExecutable, the one resolver of argv[0] against a pane's PATH.)
 */
export function checkCwd(cwd: string): string | null {
  try {
    if (!statSync(cwd).isDirectory()) return `working directory ${cwd} is not a directory`
    return null
  } catch {
    return `working directory ${cwd} does not exist; pick an existing directory`
  }
}
