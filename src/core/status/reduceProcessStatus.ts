import type { Evidence, PaneState, Verdict } from '../../shared/domain/pane'
import { programName, promptWaitsInPselect } from '../process/shells'
import type { PaneContext, ProcessSignal, TerminalReader } from './processSignals'

/** Signal names for `kill -l` style evidence; Linux numbering (the common ones). */
const SIGNAL_NAMES: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 6: 'SIGABRT', 9: 'SIGKILL', 13: 'SIGPIPE', 15: 'SIGTERM' }

function waitingEvidence(reader: TerminalReader, at: number): Evidence {
  return { source: 'process', at, detail: `waiting for input: ${reader.argv.join(' ').slice(0, 200)} reads the terminal (pid ${reader.pid})` }
}

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
 * (waiting for a command); another program runs in front; a program in front sleeps reading the
 * terminal (waiting for input, from the kernel: see src/board/pty/terminalReader.ts). Whether an *agent* in front
 * is working or waiting cannot be told from processes (seed 001: `ps` sleeps in both), so an
 * agent pane says `unknown` with that evidence until screen or agent signals arrive.
 */
export function reduceProcessStatus(prev: Verdict, signal: ProcessSignal, ctx: PaneContext): Verdict {
  if (prev.state === 'exited') return prev
  switch (signal.kind) {
    case 'spawned':
      return prev
    case 'exit': {
      const how = signal.signal !== null ? `killed by ${SIGNAL_NAMES[signal.signal] ?? `signal ${signal.signal}`}` : `exit code ${signal.code}`
      return verdict(prev, 'exited', { source: 'exit', at: signal.at, detail: `process ended: ${how}` })
    }
    case 'foreground': {
      const name = programName(signal.program.argv[0] ?? '?')
      // The interactive shell's own prompt may read the terminal too (dash does, with read(2)): that
      // is idle. bash's prompt waits in pselect(2), so bash itself in read(2) is its `read` builtin.
      const atPrompt = ctx.rootIsShell && signal.program.isRoot && !promptWaitsInPselect(signal.program.argv[0] ?? '')
      if (signal.reader && !atPrompt && !ctx.agent) return verdict(prev, 'input', waitingEvidence(signal.reader, signal.at))
      if (ctx.rootIsShell) {
        const { isRoot, rootBusy, pid } = signal.program
        if (isRoot && !rootBusy) return verdict(prev, 'idle', { source: 'process', at: signal.at, detail: `shell ${name} is back in front (pid ${pid})` })
        // In front but not at its prompt: its own loop of builtins, or `wait` for a job it started.
        if (isRoot)
          return verdict(prev, 'working', {
            source: 'process',
            at: signal.at,
            detail: `shell ${name} ${rootBusy === 'running' ? 'runs its own commands' : 'waits for a child it started'}, not at its prompt (pid ${pid})`,
          })
        return verdict(prev, 'working', {
          source: 'process',
          at: signal.at,
          detail: `${signal.program.argv.join(' ').slice(0, 200)} runs in front (pid ${pid})`,
        })
      }
      // A plain program (or a script whose interpreter is the pane's own process) runs while it is in
      // front and not waiting for the keyboard; only an agent's state needs its screen and reports.
      if (!ctx.agent)
        return verdict(prev, 'working', {
          source: 'process',
          at: signal.at,
          detail: `${signal.program.argv.join(' ').slice(0, 200)} runs (pid ${signal.program.pid})`,
        })
      if (prev.state !== 'starting') return prev
      return verdict(prev, 'unknown', {
        source: 'process',
        at: signal.at,
        detail: `${name} is in front; processes cannot tell working from waiting, no screen or agent signal yet`,
      })
    }
  }
}
