import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import { DriftConstants } from '../../core/status/drift'
import { parseVerifiedRange } from './versions'
import { agentSignals } from '../../core/status/agentSignals'
import { parseCast, parseReports } from '../../tools/replay/asciicast'
import type { FixtureRecording } from '../../tools/replay/fixtureSuite'
import { fixtureRecordings, SHARED_FIXTURES } from '../test/fixtures'
import { ReplayTerminal } from '../../tools/replay/replayTerminal'
import { ruleBasis, type PaneDrift } from './driftMonitor'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'
import { StatusEngine } from './statusEngine'

/**
 * No recording of a real agent at its verified version may raise a drift warning: every fixture
 * is replayed (as src/tools/replay does, plus the rule basis the live pane gets) and its drift
 * events, the version the engine read and its longest run of unmatched screens are checked.
 */
const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)
// Throws when there is none: a missing fixtures folder fails the file instead of running no test.
const recordings = fixtureRecordings(SHARED_FIXTURES)

async function replayForDrift(recording: FixtureRecording) {
  const agent = recording.folder
  const cast = parseCast(readFileSync(recording.cast, 'utf8'))
  const reports = recording.hooks ? parseReports(readFileSync(recording.hooks, 'utf8')) : []
  const clock = new VirtualClock(0)
  const parser = agentSignals(registry.knowledge(agent))?.terminalState
  let engine: StatusEngine | null = null
  const term = new ReplayTerminal(cast.cols, cast.rows, (ident, data) => engine?.osc(ident, data), parser ? [parser.osc] : [])
  engine = new StatusEngine({
    clock,
    agents: registry,
    agent,
    rules: registry.rulesOf(agent),
    basis: ruleBasis(registry.ruleFile(agent)),
    context: { rootIsShell: false },
    screen: () => term.screen(),
  })
  const drifts: (PaneDrift | null)[] = []
  engine.onDidChangeDrift((d) => drifts.push(d))
  let longestUnmatched = 0
  const measure = () => {
    const m = engine!.explain().memory
    if (m.unmatchedSince !== null && m.verdict.state !== 'exited') longestUnmatched = Math.max(longestUnmatched, clock.now() - m.unmatchedSince)
  }
  const steps: { t: number; run: () => Promise<void> | void }[] = []
  for (const e of cast.events) {
    if (e.type === 'o') steps.push({ t: e.t, run: async () => (await term.write(e.data), engine!.screenChanged()) })
    else if (e.type === 'r') steps.push({ t: e.t, run: () => (term.resize(e.cols, e.rows), engine!.screenChanged()) })
    else if (e.type === 'x') steps.push({ t: e.t, run: () => engine!.process({ kind: 'exit', at: clock.now(), code: e.code, signal: null }) })
  }
  for (const r of reports) steps.push({ t: r.t, run: () => engine!.report(r.event, r.payload) })
  steps.sort((a, b) => a.t - b.t)
  engine.process({ kind: 'spawned', at: 0, argv: [agent] })
  for (const step of steps) {
    clock.advanceTo(Math.round(step.t * 1000))
    measure()
    await step.run()
  }
  // Past the end by more than the drift limit: a screen left unmatched at the end would warn now.
  const end = cast.events.at(-1)?.t ?? 0
  clock.advanceTo(Math.round(end * 1000) + DriftConstants.UnmatchedMs + 1000)
  measure()
  const seen = engine.explain().agentVersion
  engine.dispose()
  term.dispose()
  return { drifts, longestUnmatched, seen }
}

describe(`drift on the fixture recordings in ${SHARED_FIXTURES}`, () => {
  it.each(recordings.map((r) => [`${r.folder}/${r.name}`, r] as const))('%s raises no drift', async (_key, recording) => {
    const { drifts, longestUnmatched, seen } = await replayForDrift(recording)
    expect(drifts).toEqual([])
    // The engine read the agent's version (banner or reports), and it is one of the verified ones.
    const range = parseVerifiedRange(registry.ruleFile(recording.folder)!.spec.verifiedOn)!
    expect([range.from, range.to]).toContain(seen?.version)
    // Far below the drift limit: the margin the constant's doc claims.
    expect(longestUnmatched).toBeLessThan(DriftConstants.UnmatchedMs / 4)
    console.log(`${recording.name}: version ${seen?.version} from ${seen?.source}; longest unmatched run ${longestUnmatched} ms`)
  })
})
