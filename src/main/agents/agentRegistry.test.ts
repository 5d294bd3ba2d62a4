import { describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { AGENT_DISPLAY_NAMES, AGENT_KINDS, AGENT_NAMES } from '../../shared/domain/agents'
import { AGENTS } from '../../core/agents/registry'
import { recognizeAgent } from '../../core/process/recognizeAgent'
import { parseVerifiedRange } from '../status/versions'
import { PAYLOAD_PARSERS } from '../reports/payloads'
import { RuleRegistry } from '../status/ruleRegistry'
import { findResourcesDir } from '../util/resources'
import { PROFILES } from './registry'

/**
 * Every agent has every piece. The TypeScript side (`satisfies Record<AgentName | AgentKind, …>`
 * in each registry) already refuses an agent without a core entry, a launch profile or a payload
 * parser; this checks what the compiler cannot: the files, and that each piece names its agent.
 */
const resources = findResourcesDir()!

describe.each(AGENT_NAMES)('agent %s', (name) => {
  it('has its core knowledge under its own name, with a version it was verified on', () => {
    const known = AGENTS[name]
    expect(known.name).toBe(name)
    expect(known.reports.agent).toBe(name)
    expect(parseVerifiedRange(known.reports.verifiedOn), `${name} report table verifiedOn`).not.toBeNull()
    expect(known.packageHints.length, `${name} needs package hints for launcher-run scripts`).toBeGreaterThan(0)
  })

  it('has a launch profile that finds it on PATH and recognises its own command', () => {
    expect(PROFILES[name].kind).toBe(name)
    expect(PROFILES[name].executables.length).toBeGreaterThan(0)
    for (const exe of PROFILES[name].executables) expect(recognizeAgent([exe])).toBe(name)
    expect(PAYLOAD_PARSERS[name]).toBeTypeOf('function')
    expect(AGENT_DISPLAY_NAMES[name]).not.toBe('')
  })

  it('is tested against its real CLI (test/agents/<agent>)', () => {
    expect(existsSync(join(resources, '..', 'test', 'agents', name)), `test/agents/${name}`).toBe(true)
  })

  it('ships its rule file and every resource its launch needs', () => {
    expect(existsSync(join(resources, 'rules', `${name}.toml`)), `resources/rules/${name}.toml`).toBe(true)
    for (const file of PROFILES[name].resources) expect(existsSync(join(resources, file)), `resources/${file}`).toBe(true)
  })
})

describe('the registries', () => {
  it('know exactly the agents of AGENT_NAMES, everywhere', () => {
    expect(Object.keys(AGENTS).sort()).toEqual([...AGENT_NAMES].sort())
    expect(Object.keys(PROFILES).sort()).toEqual([...AGENT_KINDS].sort())
    expect(Object.keys(PAYLOAD_PARSERS).sort()).toEqual([...AGENT_NAMES].sort())
    // A rule file for an agent the registry does not know would be loaded and never used.
    const rules = RuleRegistry.loadStrict(join(resources, 'rules'))
    expect([...rules.agents()].sort()).toEqual([...AGENT_NAMES].sort())
  })
})
