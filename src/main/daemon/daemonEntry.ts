/** out/main/daemon.js: `switchboard daemon` as a script of its own, which clients start detached. */
import { join } from 'node:path'
import { daemonMain } from './daemonMain'

daemonMain(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  script: __filename,
  rendererDir: join(__dirname, '../renderer'),
}).then(
  (code) => code !== undefined && process.stdout.write('', () => process.exit(code)),
  (err: unknown) => {
    process.stderr.write(`switchboard daemon: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
