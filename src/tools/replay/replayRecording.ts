import { VirtualClock } from '../../core/lifecycle/clock'
import { recognizeAgent } from '../../core/rules/recognizeAgent'
import type { ProcessSignal } from '../../core/status/processSignals'
import type { Evidence, PaneState } from '../../shared/domain/pane'
import type { AgentCatalog } from '../../board/agents/agentCatalog'
import type { RecordedProcess } from '../../board/record/recordingFiles'
import type { Cast, RecordedReport } from './asciicast'
import { ReplayPane } from './replayPane'
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

/**
 * How much output recognition looks at before giving up: the banner comes in the first seconds on
 * a quiet machine; OpenCode 1.18.33 drew its home screen 75 s in at load ~19 on two cores.
 */
const RECOGNIZE_WINDOW_S = 120

/**
 * Which agent a recording shows: the screen's banner or title (each rule file's `recognize`),
 * else the first word of the header's command or title. Null when nothing says.
 */
export async function recognizeRecording(cast: Cast, registry: AgentCatalog): Promise<string | null> {
  const recognizers = registry.ruleAgents().map((agent) => ({ agent, patterns: registry.ruleFile(agent)?.recognize ?? [] }))
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
    if (word && registry.ruleAgents().includes(word)) return word
  }
  return null
}

export interface ReplayOptions {
  /** The process channel (NAME.process.jsonl): foreground programs, terminal readers, the exit. */
  readonly process?: readonly RecordedProcess[]
}

/**
 * Replays a recording, its agent reports and its process signals through the live pane's own
 * pipeline (ReplayPane: HeadlessMirror + PaneStatus, wired as Pane wires them) on a virtual clock
 * that follows the recording. Output `o`, input `i`, resize `r` and exit `x` events are honoured;
 * markers `m` are skipped (they are the ground truth, for the scorer only). The pane's argv comes
 * from the recording's header when `switchboard record` made it, else it is the agent's name.
 */
export async function replayRecording(
  cast: Cast,
  reports: readonly RecordedReport[],
  agent: string | null,
  registry: AgentCatalog,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const clock = new VirtualClock(0)
  const argv = cast.argv ?? (agent ? [agent] : [])
  const pane = new ReplayPane({ cols: cast.cols, rows: cast.rows, argv, clock, agents: registry })
  const transitions: ReplayTransition[] = [{ t: 0, state: pane.verdict.state, evidence: pane.verdict.evidence }]
  pane.onDidChangeVerdict(({ previous, verdict }) => {
    if (previous.state !== verdict.state) transitions.push({ t: clock.now() / 1000, state: verdict.state, evidence: verdict.evidence })
  })

  type Step = { t: number; run: () => Promise<void> | void }
  const steps: Step[] = []
  const processEvents = options.process ?? []
  for (const e of cast.events) {
    if (e.type === 'o') steps.push({ t: e.t, run: () => pane.output(e.data) })
    else if (e.type === 'i') steps.push({ t: e.t, run: () => pane.input(e.data) })
    else if (e.type === 'r') steps.push({ t: e.t, run: () => pane.resize(e.cols, e.rows) })
    // A v3 exit event, when no process file says how the pane ended.
    else if (e.type === 'x' && !processEvents.some((p) => p.kind === 'exit'))
      steps.push({ t: e.t, run: () => pane.process({ kind: 'exit', at: clock.now(), code: e.code, signal: null }) })
  }
  for (const r of reports) steps.push({ t: r.t, run: () => pane.report(r.event, r.payload) })
  for (const p of processEvents) {
    const { t, ...signal } = p
    steps.push({ t, run: () => pane.process({ ...signal, at: clock.now() } as ProcessSignal) })
  }
  // Stable: at equal times, recording events keep their order and come before reports and process signals.
  steps.sort((a, b) => a.t - b.t)

  for (const step of steps) {
    clock.advanceTo(ms(step.t))
    await step.run()
  }
  // Seconds: the recording's last event (what the scorer's truth covers).
  const end = cast.events.length ? cast.events[cast.events.length - 1]!.t : 0
  // Let the last coalesced evaluation run.
  clock.advanceTo(Math.max(ms(end), clock.now()) + 100)
  const stats = pane.explain().stats
  pane.dispose()
  return { agent: pane.agent ?? agent, transitions, end, stats }
}
