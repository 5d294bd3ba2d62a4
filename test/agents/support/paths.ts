import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
export const resourcesDir = join(repoRoot, 'resources')
const binDir = fileURLToPath(new URL('../node_modules/.bin', import.meta.url))

/** The pinned CLI from test/agents/node_modules; fails with the command that installs it. */
export function agentBin(name: 'claude' | 'codex' | 'opencode' | 'pi'): string {
  const bin = join(binDir, name)
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm ci --prefix test/agents\` (installs the pinned agent CLIs for these tests)`)
  return bin
}
