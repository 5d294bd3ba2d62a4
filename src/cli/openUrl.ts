import { spawn } from 'node:child_process'
import { CliError } from './cliError'

/**
 * Opens `url` in the user's browser (xdg-open, or open on macOS), detached, so the CLI returns at
 * once. The URL carries only a single-use login code, never the board's token: it is in the
 * opener's and the browser's argv, which `ps` shows.
 */
export function openUrl(url: string, platform: string = process.platform): Promise<void> {
  const opener = platform === 'darwin' ? 'open' : 'xdg-open'
  return new Promise((resolve, reject) => {
    // Under the packaged CLI (the app's binary run as Node) the browser must not inherit ELECTRON_RUN_AS_NODE.
    const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = process.env
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true, env })
    child.once('error', (err) =>
      reject(new CliError(`could not run ${opener} (${(err as NodeJS.ErrnoException).code ?? err.message}); open the URL above yourself`)),
    )
    child.once('spawn', () => {
      child.unref()
      resolve()
    })
  })
}
