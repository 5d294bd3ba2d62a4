import { existsSync, readFileSync } from 'node:fs'
import type { Evidence } from '../../shared/domain/pane'
import { AgentCatalog, findUserAgentsDir } from '../../board/agents/agentCatalog'
import { formatRuleFileError, isFatal } from '../../board/status/ruleFile'
import { findAgentsDir } from '../../board/status/ruleRegistry'
import { parseProcessEvents, recordingFiles } from '../../board/record/recordingFiles'
import { parseCast, parseReports } from './asciicast'
import { recognizeRecording, replayRecording, type ReplayTransition } from './replayRecording'
import { answerTimes, scoreReplay, truthSegments, verdictSegments } from './score'
import { parseUsage, UsageError } from '../../board/util/usage'

export const REPLAY_USAGE = `usage: npm run -s replay -- FILE.cast [--agent NAME] [--hooks FILE.jsonl] [--process FILE.jsonl] [--json] [--score] [--agents DIR]

Replays an asciicast (v2/v3), the agent's reports and the process signals through the live
pane's pipeline on the recording's clock and prints one line per state change.
  --agent NAME   claude, codex, opencode or pi (default: recognised from the recording)
  --hooks FILE   agent reports, one {"t": seconds, "event": name, "payload": object} per line
                 (default: FILE.hooks.jsonl beside the recording, when there is one)
  --process FILE process signals from \`switchboard record\` (default: FILE.process.jsonl beside it)
  --json         one JSON object per line: {"t", "state", "evidence"}; stdout has nothing else
                 (npm prints its own banner to stdout: run it as \`npm run -s replay\`)
  --score        compare with the recording's state markers (ground truth) at the end
  --agents DIR   the agent folders to use (default: resources/agents, and your own agents folder)`

export interface ReplayArgs {
  readonly cast: string
  readonly agent: string | null
  readonly hooks: string | null
  readonly process: string | null
  readonly json: boolean
  readonly score: boolean
  readonly agents: string | null
}

export { UsageError }

export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const { values, positionals } = parseUsage({
    args: [...argv],
    options: {
      agent: { type: 'string' },
      hooks: { type: 'string' },
      process: { type: 'string' },
      agents: { type: 'string' },
      json: { type: 'boolean' },
      score: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length === 0) throw new UsageError('a .cast file is required')
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${positionals[1]}`)
  return {
    cast: positionals[0]!,
    agent: values.agent ?? null,
    hooks: values.hooks ?? null,
    process: values.process ?? null,
    agents: values.agents ?? null,
    json: values.json ?? false,
    score: values.score ?? false,
  }
}

function evidenceJson(e: Evidence): object {
  return { source: e.source, t: Math.round(e.at) / 1000, detail: e.detail }
}

function line(tr: ReplayTransition, json: boolean): string {
  if (json) return JSON.stringify({ t: tr.t, state: tr.state, evidence: tr.evidence.map(evidenceJson) })
  const why = tr.evidence.map((e) => `${e.source}: ${e.detail}`).join(' | ')
  return `${tr.t.toFixed(3).padStart(9)}  ${tr.state.padEnd(8)}  ${why}`
}

/** Runs the replay command; returns the lines to print (stdout) and notes (stderr). */
export async function runReplay(args: ReplayArgs): Promise<{ out: string[]; err: string[] }> {
  const err: string[] = []
  const agentsDir = args.agents ?? findAgentsDir()
  if (!agentsDir) throw new UsageError('resources/agents not found; pass --agents DIR')
  // Your own agent folders too (not your rule overrides: a replay shows what the shipped rules decide).
  const registry = new AgentCatalog({ shippedDir: agentsDir, userDir: args.agents ? null : findUserAgentsDir() })
  const problems = registry.reload().filter(isFatal)
  if (problems.some((p) => p.file.startsWith(agentsDir))) throw new UsageError(problems.map(formatRuleFileError).join('\n'))
  for (const p of problems) err.push(`skipped: ${formatRuleFileError(p)}`)
  const cast = parseCast(readFileSync(args.cast, 'utf8'))
  const beside = recordingFiles(args.cast)
  const hooks = args.hooks ?? (existsSync(beside.hooks) ? beside.hooks : null)
  const processFile = args.process ?? (existsSync(beside.process) ? beside.process : null)
  const reports = hooks ? parseReports(readFileSync(hooks, 'utf8')) : []
  const processEvents = processFile ? parseProcessEvents(readFileSync(processFile, 'utf8')) : []
  err.push(`reports: ${hooks ?? 'none'}; process signals: ${processFile ?? 'none'}`)
  const agent = args.agent ?? (await recognizeRecording(cast, registry))
  if (args.agent && !registry.ruleAgents().includes(args.agent))
    throw new UsageError(`no rules for agent "${args.agent}" (have: ${registry.ruleAgents().join(', ')})`)
  err.push(`agent: ${agent ?? 'none recognised (process signals only)'}`)
  const result = await replayRecording(cast, reports, agent, registry, { process: processEvents })
  const out = result.transitions.map((tr) => line(tr, args.json))
  if (args.score) {
    const truth = truthSegments(cast.events, result.end)
    const score = scoreReplay(truth, verdictSegments(result.transitions, result.end), answerTimes(cast.events, truth))
    const latency = score.medianLatency === null ? 'n/a' : `${Math.round(score.medianLatency * 1000)} ms`
    const detected = score.episodes.filter((e) => e.latency !== null).length
    err.push(`score: agreement ${(score.agreement * 100).toFixed(2)} %, episodes ${detected}/${score.episodes.length}, median latency ${latency}`)
    for (const f of score.failures) err.push(`  FAIL ${f}`)
  }
  return { out, err }
}
