import { execFile } from 'node:child_process'

export const enum SetupConstants {
  /** One setup command (an install can be slow; a hung one must not hold the launch forever). */
  TimeoutMs = 10 * 60_000,
  MaxBuffer = 16 * 1024 * 1024,
}

/**
 * A preset's setup commands, one after the other, each through the user's shell (`$SHELL -lc`, so
 * `cp ../app/.env .` and `npm ci && …` work as typed) in the new worktree, before the agent
 * starts. Asynchronous: the board keeps running meanwhile. Throws on the first failure with
 * the command and the end of what it printed.
 */
export async function runSetupCommands(commands: readonly string[], options: { shell: string; cwd: string; env: Record<string, string> }): Promise<void> {
  for (const command of commands) {
    await new Promise<void>((resolve, reject) => {
      execFile(
        options.shell,
        ['-lc', command],
        { cwd: options.cwd, env: options.env, timeout: SetupConstants.TimeoutMs, maxBuffer: SetupConstants.MaxBuffer, encoding: 'utf8' },
        (err, stdout, stderr) => {
          if (!err) return resolve()
          const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-5).join(' | ')
          const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string }
          const why = e.killed ? 'timed out' : typeof e.code === 'number' ? `exit code ${e.code}` : e.message
          reject(new Error(`setup command \`${command}\` failed in ${options.cwd} (${why})${tail ? `: ${tail}` : ''}`))
        },
      )
    })
  }
}
