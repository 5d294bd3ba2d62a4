import type { Evidence, PaneState, Verdict } from '../../shared/domain/pane'
import { programName } from '../process/shells'
import type { PaneContext, ProcessSignal } from './processSignals'

/** Signal names for `kill -l` style evidence; Linux numbering (the common ones). */
const SIGNAL_NAMES: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 6: 'SIGABRT', 9: 'SIGKILL', 13: 'SIGPIPE', 15: 'SIGTERM' }

export function initialVerdict(at: number): Verdict {
  return { state: 'starting', since: at, evidence: [{ source: 'process', at, detail: 'spawned; nothing known yet' }] }
}

function verdict(prev: Verdict, state: PaneState, evidence: Evidence): Verdict {
  if (prev.state === state) return prev
  return { state, since: evidence.at, evidence: [evidence] }
}

/**
 * The process part of the status reducer: `(previous verdict, signal) → verdict`. Pure; returns
 * `prev` itself when nothing changes so callers can fire events only on real change.
 *
 * What the process alone can prove: the pane exited; a shell pane's shell is back in front
 * (waiting for a command); a shell pane runs another program in front. Whether an *agent* in front
 * is working or waiting cannot be told from processes (seed 001: `ps` sleeps in both), so an
 * agent pane says `unknown` with that evidence until screen or agent signals arrive.
 */
export function reduceProcessStatus(prev: Verdict, signal: ProcessSignal, ctx: PaneContext): Verdict {
  if (prev.state === 'exited') return prev
  switch (signal.kind) {
    case 'spawned':
      return prev
    case 'exit': {
      const how =
        signal.signal !== null
          ? `killed by ${SIGNAL_NAMES[signal.signal] ?? `signal ${signal.signal}`}`
          : `exit code ${signal.code}`
      return verdict(prev, 'exited', { source: 'exit', at: signal.at, detail: `process ended: ${how}` })
    }
    case 'foreground': {
      const name = programName(signal.program.argv[0] ?? '?')
      if (ctx.rootIsShell) {
        return signal.program.isRoot
          ? verdict(prev, 'idle', { source: 'process', at: signal.at, detail: `shell ${name} is back in front (pid ${signal.program.pid})` })
          : verdict(prev, 'working', { source: 'process', at: signal.at, detail: `${signal.program.argv.join(' ').slice(0, 200)} runs in front (pid ${signal.program.pid})` })
      }
      if (prev.state !== 'starting') return prev
      return verdict(prev, 'unknown', {
        source: 'process',
        at: signal.at,
        detail: `${name} is in front; processes cannot tell working from waiting, no screen or agent signal yet`,
      })
    }
  }
}
