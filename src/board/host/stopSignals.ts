import type { Logger } from '../util/log'

/** However a shutdown step hangs (a socket that never closes, a pane that never dies), exit by then. */
export const STOP_DEADLINE_MS = 4000
/** A hand-over saves every pane's screen first: with 20 busy panes that took ~1 s here. */
export const HAND_OVER_DEADLINE_MS = 10_000

/**
 * The daemon's restart signal (`switchboard daemon --restart`): hand every pane over to the next
 * daemon process and exit, the programs running on in the pty host. Only a board with a pty host
 * listens for it (an older daemon would die of it, so the CLI sends it only where one runs).
 */
export const HAND_OVER_SIGNAL = 'SIGUSR2'

type Steps = readonly (() => Promise<unknown>)[]

/**
 * SIGTERM, SIGINT and SIGHUP end the board within STOP_DEADLINE_MS: the steps run in order, each
 * awaited, and a timer that nothing can hold back exits regardless. A second signal exits at once.
 * With `handOver`, SIGUSR2 runs those steps instead (within HAND_OVER_DEADLINE_MS).
 */
export function installStopSignals(log: Logger, steps: Steps, exit: (code: number) => void = (code) => process.exit(code), handOver?: Steps): () => void {
  let stopping = false
  const stop = (why: string, run: Steps, deadlineMs: number, what: string) => {
    if (stopping) return exit(1)
    stopping = true
    log.info(`stopping (${why}): ${what}`)
    setTimeout(() => {
      log.error(`shutdown took longer than ${deadlineMs} ms; exiting anyway`)
      exit(1)
    }, deadlineMs)
    void (async () => {
      for (const step of run) {
        try {
          await step()
        } catch (err) {
          log.error('a shutdown step failed', { err: String(err) })
        }
      }
      exit(0)
    })()
  }
  const on = (signal: NodeJS.Signals, handler: () => void) => {
    process.on(signal, handler)
    return () => void process.off(signal, handler)
  }
  const offs = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => on(signal, () => stop(signal, steps, STOP_DEADLINE_MS, 'ending every pane')))
  if (handOver)
    offs.push(on(HAND_OVER_SIGNAL, () => stop(HAND_OVER_SIGNAL, handOver, HAND_OVER_DEADLINE_MS, 'handing every pane over to the next board process')))
  return () => offs.forEach((off) => off())
}
