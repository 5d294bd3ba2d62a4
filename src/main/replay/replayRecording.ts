import { VirtualClock } from '../../core/lifecycle/clock'
import { recognizeAgent } from '../../core/rules/recognizeAgent'
import { agentSignals } from '../../core/status/agentSignals'
import type { Evidence, PaneState } from '../../shared/domain/pane'
import type { RuleRegistry } from '../status/ruleRegistry'
import { StatusEngine } from '../status/statusEngine'
import type { Cast, RecordedReport } from './asciicast'
import { ReplayTerminal } from './replayTerminal'

export interface ReplayTransition {
  /** Seconds on the recording's clock. */
  readonly t: number
  readonly state: PaneState
  readonly evidence: readonly Evidence[]
}

export interface ReplayResult {
  readonly agent: string | null
  readonly transitions: readonly ReplayTransition[]
  /** Seconds: the last event of the recording. */
  readonly end: number
  readonly stats: { readonly evaluations: number; readonly evalMs: number }
}

const ms = (seconds: number) => Math.round(seconds * 1000)

/** How much output recognition looks at before giving up (the banner comes in the first seconds). */
const RECOGNIZE_WINDOW_S = 30

/**
 * Which agent a recording shows: the screen's banner or title (each rule file's `recognize`),
 * else the first word of the header's command or title. Null when nothing says.
 */
export async function recognizeRecording(cast: Cast, registry: RuleRegistry): Promise<string | null> {
  const recognizers = registry.agents().map((agent) => ({ agent, patterns: registry.file(agent)?.recognize ?? [] }))
  const term = new ReplayTerminal(cast.cols, cast.rows, () => {}, [])
  try {
    for (const e of cast.events) {
      if (e.t > RECOGNIZE_WINDOW_S) break
      if (e.type === 'r') term.resize(e.cols, e.rows)
      if (e.type !== 'o') continue
      await term.write(e.data)
      const found = recognizeAgent(recognizers, term.screen())
      if (found) return found
    }
  } finally {
    term.dispose()
  }
  for (const text of [cast.command, cast.title]) {
    const word = /^[\w.-]+/.exec(text.trim())?.[0]?.toLowerCase()
    if (word && registry.agents().includes(word)) return word
  }
  return null
}

/**
 * Replays a recording and its agent reports through the same StatusEngine the live pane uses,
 * on a virtual clock that follows the recording. Output `o`, input `i`, resize `r` and exit `x`
 * events are honoured; markers `m` are skipped (they are the ground truth, for the scorer only).
 */
export async function replayRecording(cast: Cast, reports: readonly RecordedReport[], agent: string | null, registry: RuleRegistry): Promise<ReplayResult> {
  const clock = new VirtualClock(0)
  const oscIdents = agentSignals(agent)?.terminalState ? [agentSignals(agent)!.terminalState!.osc] : []
  let engine: StatusEngine | null = null
  const term = new ReplayTerminal(cast.cols, cast.rows, (ident, data) => engine?.osc(ident, data), oscIdents)
  engine = new StatusEngine({ clock, agent, rules: registry.rules(agent), context: { rootIsShell: false }, screen: () => term.screen() })
  const transitions: ReplayTransition[] = [{ t: 0, state: engine.verdict.state, evidence: engine.verdict.evidence }]
  engine.onDidChangeVerdict(({ previous, verdict }) => {
    if (previous.state !== verdict.state) transitions.push({ t: clock.now() / 1000, state: verdict.state, evidence: verdict.evidence })
  })

  type Step = { t: number; run: () => Promise<void> | void }
  const steps: Step[] = []
  for (const e of cast.events) {
    if (e.type === 'o') steps.push({ t: e.t, run: async () => (await term.write(e.data), engine!.screenChanged()) })
    else if (e.type === 'i') steps.push({ t: e.t, run: () => engine!.input(e.data) })
    else if (e.type === 'r') steps.push({ t: e.t, run: () => (term.resize(e.cols, e.rows), engine!.screenChanged()) })
    else if (e.type === 'x') steps.push({ t: e.t, run: () => engine!.process({ kind: 'exit', at: clock.now(), code: e.code, signal: null }) })
  }
  for (const r of reports) steps.push({ t: r.t, run: () => engine!.report(r.event, r.payload) })
  // Stable: at equal times, recording events keep their order and come before reports.
  steps.sort((a, b) => a.t - b.t)

  engine.process({ kind: 'spawned', at: 0, argv: agent ? [agent] : [] })
  for (const step of steps) {
    clock.advanceTo(ms(step.t))
    await step.run()
  }
  const end = cast.events.length ? cast.events[cast.events.length - 1]!.t : 0
  // Let the last coalesced evaluation run.
  clock.advanceTo(ms(end) + 100)
  const stats = engine.explain().stats
  engine.dispose()
  term.dispose()
  return { agent, transitions, end, stats }
}
