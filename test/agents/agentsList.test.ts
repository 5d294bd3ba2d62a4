import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { AgentReport } from '../../src/shared/domain/agents'
import { runCli } from '../../src/cli/run'
import { shippedAgents } from '../../src/board/agents/agentCatalog'
import { agentBin, pinnedVersion } from './support/paths'

/**
 * `switchboard agents --json` against the real CLIs this folder pins: every shipped agent is
 * found on PATH and its version read from its own package, equal to the pinned one, and not newer
 * than what its folder was verified on (the pinned versions are the verified ones).
 */
const home = mkdtempSync(join(tmpdir(), 'sb-agents-list-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))

describe('switchboard agents, with the pinned agent CLIs installed', () => {
  it('finds each shipped agent and reads the version it is pinned at', async () => {
    const shipped = shippedAgents().list()
    // Every agent's own bin folder (test/agents/node_modules/.bin; Hermes: its venv's bin).
    const bins = [...new Set(shipped.map(({ manifest }) => dirname(agentBin(manifest.command[0]!))))]
    let out = ''
    const code = await runCli(['agents', '--json'], {
      out: (t) => (out += t),
      err: () => undefined,
      env: { PATH: `${bins.join(':')}:/usr/bin:/bin`, HOME: home, SWITCHBOARD_CONFIG_DIR: join(home, 'config') },
      cwd: home,
      interrupted: new Promise(() => undefined),
    })
    expect(code).toBe(0)
    const { agents } = JSON.parse(out) as { agents: AgentReport[] }
    for (const { manifest } of shipped) {
      const report = agents.find((a) => a.id === manifest.id)!
      const pinned = pinnedVersion(manifest.version)
      expect(report, manifest.id).toMatchObject({ source: 'shipped', executable: agentBin(manifest.command[0]!), version: pinned, newer: false })
    }
  })
})
