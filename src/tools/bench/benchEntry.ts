/**
 * `npm run bench` (out/main/bench.js): wiring only. The same bundle is also the flood client the
 * flood benches start as a child process (CLIENT_FLAG); otherwise it runs the suite
 * (benchSuite.ts, whose header lists the BENCH_* settings) and cleans up on exit or Ctrl-C.
 */
import { spawn } from 'node:child_process'
import { BOARD_PROCESS_FLAGS } from '../../board/util/heapLimits'
import { runBenchSuite } from './benchSuite'
import { CLIENT_FLAG, runFloodClient } from './floodClient'
import { runCleanups } from './support'

const missing = BOARD_PROCESS_FLAGS.filter((flag) => !process.execArgv.includes(flag))

if (process.argv.includes(CLIENT_FLAG)) {
  runFloodClient()
} else if (missing.length > 0) {
  // The board runs in this process, so it runs with the daemon's V8 options (heapLimits.ts), which
  // only the command line sets; the bare terminals beside it get the same.
  process.on('SIGINT', () => undefined) // the child cleans up and ends; its code is ours
  const child = spawn(process.execPath, [...process.execArgv, ...missing, ...process.argv.slice(1)], { stdio: 'inherit' })
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)))
} else {
  let interrupted = false
  process.once('SIGINT', () => {
    interrupted = true
    process.stderr.write('bench: interrupted, cleaning up\n')
    void runCleanups().finally(() => process.exit(130))
  })
  runBenchSuite()
    .catch((err: unknown) => {
      if (interrupted) return
      process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`)
      process.exitCode = 1
    })
    .finally(() => runCleanups())
}
