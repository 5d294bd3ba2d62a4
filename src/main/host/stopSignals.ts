import type { Logger } from '../util/log'

/** However a shutdown step hangs (a socket that never closes, a pane that never dies), exit by then. */
export const STOP_DEADLINE_MS = 4000

/**
 * SIGTERM, SIGINT and SIGHUP end the board within STOP_DEADLINE_MS: the steps run in order, each
 * awaited, and a timer that nothing can hold back exits regardless. A second signal exits at once.
 */
export function installStopSignals(log: Logger, steps: readonly (() => Promise<void>)[], exit: (code: number) => void = (code) => process.exit(code)): () => void {
  let stopping = false
  const stop = (why: string) => {
    if (stopping) return exit(1)
    stopping = true
    log.info(`stopping (${why}): ending every pane`)
    setTimeout(() => {
      log.error(`shutdown took longer than ${STOP_DEADLINE_MS} ms; exiting anyway`)
      exit(1)
    }, STOP_DEADLINE_MS)
    void (async () => {
      for (const step of steps) {
        try {
          await step()
        } catch (err) {
          log.error('a shutdown step failed', { err: String(err) })
        }
      }
      exit(0)
    })()
  }
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => {
    const handler = () => stop(signal)
    process.on(signal, handler)
    return () => process.off(signal, handler)
  })
  return () => handlers.forEach((off) => off())
}
