import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, symlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
export const resourcesDir = join(repoRoot, 'resources')
const binDir = fileURLToPath(new URL('../node_modules/.bin', import.meta.url))

/** The pinned CLI from test/agents/node_modules (by the name the agent's command runs); fails with the command that installs it. */
export function agentBin(name: string): string {
  const bin = join(binDir, name)
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm ci --prefix test/agents\` (installs the pinned agent CLIs for these tests)`)
  return bin
}

/**
 * The version test/agents/package.json pins for an agent: the dependency named by its manifest's
 * `[version] npm` (the package its executable belongs to). Null when it pins none.
 */
export function pinnedVersion(npmPackage: string | undefined): string | null {
  if (!npmPackage) return null
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { dependencies?: Record<string, string> }
  return pkg.dependencies?.[npmPackage] ?? null
}

/** The Claude Code versions the tests drive: the latest release, and the one the first rules were made on (an npm alias). */
export const CLAUDE_VERSIONS = ['2.1.332', '2.1.197'] as const
export type ClaudeVersion = (typeof CLAUDE_VERSIONS)[number]

/** `claude` at that version: the latest is the package itself, older ones the `claude-code-<version>` aliases. */
export function claudeBin(version: ClaudeVersion): string {
  if (version === CLAUDE_VERSIONS[0]) return agentBin('claude')
  const bin = fileURLToPath(new URL(`../node_modules/claude-code-${version}/bin/claude.exe`, import.meta.url))
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm install --prefix test/agents\` (installs claude-code-${version}, an alias of @anthropic-ai/claude-code@${version})`)
  // The board knows an agent by its command's name: launch the alias's binary as `claude`. The
  // link lives beside the alias in this checkout: one in /tmp was shared by every checkout and
  // dangled once the checkout that made it was removed (EEXIST in CI).
  return linkAs(bin, join(dirname(dirname(bin)), '.switchboard-bin'), 'claude')
}

/**
 * `dir/name` → `target`, made or mended atomically: test files run in parallel and may ask at
 * once, and a link left by an earlier run may point elsewhere or nowhere.
 */
export function linkAs(target: string, dir: string, name: string): string {
  const link = join(dir, name)
  mkdirSync(dir, { recursive: true })
  let current: string | null = null
  try {
    current = readlinkSync(link)
  } catch {
    // Swallow: no link yet (or not a link); it is made below.
  }
  if (current !== target) {
    const temp = `${link}.${process.pid}.${Math.random().toString(36).slice(2)}`
    symlinkSync(target, temp)
    renameSync(temp, link)
  }
  return link
}
