import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { evaluateRules, traceRules } from '../../core/rules/evaluateRules'
import { AgentCatalog } from '../../board/agents/agentCatalog'
import { findAgentsDir } from '../../board/status/ruleRegistry'
import { parseCast } from './asciicast'
import { allFixtureRecordings } from '../../board/test/fixtures'
import { recognizeRecording } from './replayRecording'
import { ReplayTerminal } from './replayTerminal'

/**
 * Every shipped screen rule ships with a real recording that exercises it: replayed, some screen
 * of some recording in ../shared/fixtures or test/fixtures matches that rule (screens are read
 * where the output pauses ≥ 16 ms, the engine's coalescing, and never mid synchronized-output
 * frame). A rule that matches no real screen is unverified knowledge of the agent: record a
 * screen that shows it, or remove the rule. A fallback that matches but never decides (a more
 * specific rule wins wherever it matches) is listed, so that it is a choice, not an accident.
 */
const SETTLE_S = 0.016
/**
 * Matches real screens but a more specific rule always wins there. codex.title-action-required:
 * the title says "Action Required" on every Codex dialog, each of which has its own rule; it
 * stands for a dialog Codex adds later (blocked, not the composer's idle). pi.select: Pi's own
 * select component (ctx.ui.select, its hint line); the recorded selects are the package's example
 * permission gate, which pi.permission-gate names more precisely; it stands for any other
 * extension's select.
 */
const FALLBACKS: string[] = ['codex: codex.title-action-required', 'pi: pi.select']
/**
 * Rules that find a dialog by its shape alone (core/rules/dialogStructure.ts): they match every
 * recorded dialog of their kind, and decide only where no rule names the variant. Those that
 * decide somewhere in the recordings are the variants the named rules miss (test/fixtures/*).
 */
const isShapeRule = (r: { byShape: boolean; dialog: unknown }) => r.byShape && r.dialog === null

describe('screen rule coverage by real recordings', () => {
  it('every shipped rule matches at least one screen of a real recording', async () => {
    const dir = findAgentsDir()
    expect(dir).not.toBeNull()
    const registry = new AgentCatalog({ shippedDir: dir! })
    expect(registry.reload()).toEqual([])
    const recordings = allFixtureRecordings()
    expect(recordings.length).toBeGreaterThan(0)
    const fired = new Map<string, Set<string>>()
    const decided = new Set<string>()
    for (const recording of recordings) {
      const cast = parseCast(readFileSync(recording.cast, 'utf8'))
      const agent = await recognizeRecording(cast, registry)
      if (!agent) continue
      const rules = registry.rulesOf(agent)
      const seen = fired.get(agent) ?? new Set<string>()
      fired.set(agent, seen)
      const term = new ReplayTerminal(cast.cols, cast.rows, () => {}, [])
      const events = cast.events
      for (let i = 0; i < events.length; i++) {
        const e = events[i]!
        if (e.type === 'r') term.resize(e.cols, e.rows)
        if (e.type !== 'o') continue
        await term.write(e.data)
        const next = events.slice(i + 1).find((n) => n.type === 'o' || n.type === 'r')
        if (next && next.t - e.t < SETTLE_S) continue
        const screen = term.screen()
        if (screen.synchronizing) continue
        for (const trace of traceRules(rules, screen)) if (trace.matched) seen.add(trace.ruleId)
        const match = evaluateRules(rules, screen)
        if (match) decided.add(`${agent}: ${match.ruleId}`)
      }
      term.dispose()
    }
    const missing = registry.ruleAgents().flatMap((agent) =>
      registry
        .rulesOf(agent)
        .map((r) => r.id)
        .filter((id) => !fired.get(agent)?.has(id))
        .map((id) => `${agent}: ${id}`),
    )
    expect(missing, 'rules no recording fires (record a screen that shows each, or remove it with the reason in its rule file)').toEqual([])
    const fallbacks = registry.ruleAgents().flatMap((agent) =>
      registry
        .rulesOf(agent)
        .filter((r) => !isShapeRule(r))
        .map((r) => `${agent}: ${r.id}`)
        .filter((id) => !decided.has(id)),
    )
    expect(fallbacks, 'rules that match real screens but never decide one: fallbacks by design, named here').toEqual(FALLBACKS)
    const byShape = registry.ruleAgents().flatMap((agent) =>
      registry
        .rulesOf(agent)
        .filter(isShapeRule)
        .map((r) => `${agent}: ${r.id}`),
    )
    console.info(`dialogs no rule names, decided by their shape in the recordings: ${byShape.filter((id) => decided.has(id)).join(', ') || 'none'}`)
  }, 240_000)
})
