import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCast } from '../../tools/replay/asciicast'
import { truthSegments } from '../../tools/replay/score'
import { PAYLOAD_PARSERS } from '../reports/payloads'
import { findAgentsDir } from '../status/ruleRegistry'
import { parseVerifiedRange } from '../status/versions'
import { findResourcesDir } from '../util/resources'
import { AgentCatalog } from './agentCatalog'
import { agentFolders } from './agentFolder'
import { SHIPPED_CODE } from './shippedCode'
import { OWN_FIXTURES, SHARED_FIXTURES } from '../test/fixtures'

/**
 * The checklist of a shipped agent folder (resources/agents/<id>/, README there): every folder
 * has every piece, and a piece that is missing fails here by name, not on a user's machine. The
 * manifest schema already refuses a broken agent.toml with file and line; this checks what a
 * schema cannot: the files beside it, the tests and recordings elsewhere in the repository.
 * A new agent is done when `npx vitest run src/board/agents/agentFolders.test.ts` passes.
 */
const REPO = resolve(__dirname, '../../..')
const SHIPPED = findAgentsDir(__dirname)!
const resources = findResourcesDir()!
const catalog = AgentCatalog.loadStrict(SHIPPED)
const folders = agentFolders(SHIPPED).map((dir) => dir.slice(SHIPPED.length + 1))

const files = (dir: string, re: RegExp) => (existsSync(dir) ? readdirSync(dir).filter((f) => re.test(f)) : [])

/**
 * The terminal sizes an agent's recordings (test/fixtures/<id>, ../shared/fixtures/<id>) with
 * ground truth were made at. Ground truth is the `state:` markers (`switchboard mark`) the replay
 * scores against; a recording without them proves nothing about the badge, so it does not count.
 * (fixtures.test.ts checks that each recording is recognised as the folder it sits in.)
 */
function recordedSizes(id: string): string[] {
  const casts = [SHARED_FIXTURES, OWN_FIXTURES].flatMap((root) => files(join(root, id), /\.cast$/).map((f) => join(root, id, f)))
  const truthful = casts.map((c) => parseCast(readFileSync(c, 'utf8'))).filter((cast) => truthSegments(cast.events, 0).length > 0)
  return [...new Set(truthful.map((cast) => `${cast.cols}x${cast.rows}`))].sort()
}

describe('the shipped agent folders', () => {
  it('are all loaded, each under its folder name, and nothing else is', () => {
    expect(folders.length).toBeGreaterThan(0)
    expect(catalog.ids()).toEqual(folders)
    expect(catalog.list().every((a) => a.manifest.source === 'shipped')).toBe(true)
  })

  it('bring code only as launch.ts and terminal.ts, each for a folder that exists', () => {
    for (const id of SHIPPED_CODE.keys()) expect(folders, `code for ${id} without its folder`).toContain(id)
  })
})

describe.each(folders)('agent folder %s', (id) => {
  const agent = catalog.get(id)!
  const { manifest } = agent
  const dir = join(SHIPPED, id)

  it('has a manifest with a name, a command that names it, package hints and the versions it was verified on', () => {
    expect(manifest.id).toBe(id)
    expect(manifest.name.trim()).not.toBe('')
    expect(catalog.recognize([manifest.command[0]!]), `its command ${manifest.command[0]} is recognised as ${id}`).toBe(id)
    expect(manifest.packageHints.length, `${id} needs package_hints for launcher-run scripts (node …/cli.js)`).toBeGreaterThan(0)
    expect(manifest.verifiedOn, 'verified_on').not.toBeNull()
    expect(parseVerifiedRange(manifest.verifiedOn!)).not.toBeNull()
    expect(manifest.version, '[version]: how `switchboard agents` reads the installed version').not.toBeNull()
  })

  it('ships screen rules (rules.toml) for itself, verified on a version', () => {
    expect(agent.rulesFile, `${dir}/rules.toml`).toBe(join(dir, 'rules.toml'))
    expect(catalog.rulesOf(id).length).toBeGreaterThan(0)
    expect(catalog.ruleFile(id)!.spec.agent).toBe(id)
    expect(catalog.ruleFile(id)!.recognize.length, 'recognize: the banner that names it in a recording').toBeGreaterThan(0)
  })

  it('reports: a payload format the report server parses, a launch that injects it, the files it needs', () => {
    expect(manifest.reports, '[reporting] and [[report]]: a shipped agent reports').not.toBeNull()
    expect(PAYLOAD_PARSERS[manifest.payload!]).toBeTypeOf('function')
    expect(agent.profile.prepareLaunch, '[launch] or launch.ts').not.toBeNull()
    for (const f of manifest.launch!.files) expect(existsSync(join(dir, f)), `${dir}/${f}`).toBe(true)
    for (const f of ['reporter/report.sh', 'reporter/report.mjs']) expect(existsSync(join(resources, f)), `resources/${f}`).toBe(true)
  })

  it('says how it resumes a session, verified on a version', () => {
    expect(manifest.resume, '[resume]').not.toBeNull()
    expect(parseVerifiedRange(manifest.resume!.verifiedOn)).not.toBeNull()
  })

  it('has its terminal.ts exactly when its manifest has a [terminal_state]', () => {
    expect(agent.knowledge.terminalState !== null).toBe(manifest.terminalOsc !== null)
  })

  it('is tested against its real CLI, with a scenario for agents:check (test/agents/<id>/)', () => {
    const tests = join(REPO, 'test', 'agents', id)
    expect(files(tests, /\.test\.ts$/).length, `real-CLI tests in test/agents/${id}/*.test.ts`).toBeGreaterThan(0)
    const scenario = join(tests, 'scenario.ts')
    expect(existsSync(scenario), `test/agents/${id}/scenario.ts`).toBe(true)
    expect(readFileSync(scenario, 'utf8'), 'scenario.ts exports `scenario` (an AgentScenario)').toMatch(/export const scenario\b/)
  })

  it('has recordings of the real CLI at three sizes or more, with ground truth (test/fixtures/<id>, ../shared/fixtures/<id>)', () => {
    expect(recordedSizes(id).length, `sizes recorded: ${recordedSizes(id).join(', ')}`).toBeGreaterThanOrEqual(3)
  })
})
