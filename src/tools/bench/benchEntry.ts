/**
 * `npm run bench` (out/main/bench.js): wiring only. The same bundle is also the flood client the
 * flood benches start as a child process (CLIENT_FLAG); otherwise it runs the suite
 * (benchSuite.ts, whose header lists the BENCH_* settings) and cleans up on exit or Ctrl-C.
 */
import { runBenchSuite } from './benchSuite'
import { CLIENT_FLAG, runFloodClient } from './floodClient'
import { runCleanups } from './support'

if (process.argv.includes(CLIENT_FLAG)) {
  runFloodClient()
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
