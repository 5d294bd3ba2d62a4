/** out/main/daemon.js: `switchboard daemon` as a script of its own, which clients start detached. */
import { join } from 'node:path'
import { runDaemonProcess } from './runDaemonProcess'

runDaemonProcess(process.argv.slice(2), { script: __filename, rendererDir: join(__dirname, '../renderer') })
