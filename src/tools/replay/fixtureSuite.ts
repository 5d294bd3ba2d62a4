import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { AgentCatalog } from '../../board/agents/agentCatalog'
import { parseCast, parseReports } from './asciicast'
import { recognizeRecording, replayRecording } from './replayRecording'
import { answerTimes, scoreReplay, truthSegments, verdictSegments, type Score } from './score'

/** One recording of ../shared/fixtures/<agent>/, with its reports file. */
export interface FixtureRecording {
  readonly name: string
  /** The folder it sits in: the agent it shows. */
  readonly folder: string
  readonly cast: string
  readonly hooks: string | null
}

export interface FixtureResult {
  readonly recording: FixtureRecording
  readonly agent: string | null
  readonly score: Score
  readonly evaluations: number
  readonly evalMs: number
  readonly seconds: number
}

export function listFixtureRecordings(root: string): FixtureRecording[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(root, d.name))
        .filter((f) => f.endsWith('.cast'))
        .sort()
        .map((f) => {
          const hooks = join(root, d.name, f.replace(/\.cast$/, '.hooks.jsonl'))
          return { name: basename(f, '.cast'), folder: d.name, cast: join(root, d.name, f), hooks: existsSync(hooks) ? hooks : null }
        }),
    )
}

/** Replays one recording with its reports, the agent recognised from the recording itself. */
export async function runFixture(recording: FixtureRecording, registry: AgentCatalog): Promise<FixtureResult> {
  const cast = parseCast(readFileSync(recording.cast, 'utf8'))
  const reports = recording.hooks ? parseReports(readFileSync(recording.hooks, 'utf8')) : []
  const agent = await recognizeRecording(cast, registry)
  const result = await replayRecording(cast, reports, agent, registry)
  const truth = truthSegments(cast.events, result.end)
  const score = scoreReplay(truth, verdictSegments(result.transitions, result.end), answerTimes(cast.events, truth))
  return { recording, agent, score, evaluations: result.stats.evaluations, evalMs: result.stats.evalMs, seconds: result.end }
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`
const msText = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 1000)} ms`)

/** The per-recording table the acceptance test prints. */
export function formatFixtureTable(results: readonly FixtureResult[]): string {
  const rows = results.map((r) => {
    const detected = r.score.episodes.filter((e) => e.latency !== null).length
    const longestFalse = Math.max(0, ...r.score.falseEpisodes.map((f) => f.to - f.from))
    return [
      r.recording.name,
      r.agent ?? '?',
      `${detected}/${r.score.episodes.length}`,
      `${longestFalse.toFixed(3)} s`,
      pct(r.score.agreement),
      msText(r.score.medianLatency),
      `${((r.evalMs / Math.max(1, r.evaluations)) * 1000).toFixed(0)} µs`,
      `${((r.evalMs / Math.max(1, r.seconds)) * 60).toFixed(1)} ms`,
      r.score.failures.length ? 'FAIL' : 'ok',
    ]
  })
  const head = ['recording', 'agent', 'episodes', 'longest false', 'agreement', 'median latency', 'per eval', 'CPU per pane-minute', '']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const fmt = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...rows.map(fmt)].join('\n')
}
