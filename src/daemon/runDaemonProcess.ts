import { daemonMain } from './daemonMain'

/**
 * Runs `switchboard daemon ARGS` as this process (out/main/daemon.js, or the CLI's `daemon` verb):
 * its io is the process's, and the process exits with its code once stdout has drained.
 * `script` is out/main/daemon.js, which clients start detached; both paths come from the entry
 * (this module may be bundled into a chunk in another folder).
 */
export function runDaemonProcess(args: readonly string[], paths: { readonly script: string; readonly rendererDir: string }): void {
  daemonMain(args, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    script: paths.script,
    rendererDir: paths.rendererDir,
  }).then(
    (code) => code !== undefined && process.stdout.write('', () => process.exit(code)),
    (err: unknown) => {
      process.stderr.write(`switchboard daemon: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    },
  )
}
