import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
export const resourcesDir = join(repoRoot, 'resources')
const binDir = fileURLToPath(new URL('../node_modules/.bin', import.meta.url))

/** The pinned CLI from test/agents/node_modules (by the name the agent's command runs; Hermes: its venv); fails with the command that installs it. */
export function agentBin(name: string): string {
  if (name === 'hermes') return hermesBin()
  const bin = join(binDir, name)
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm ci --prefix test/agents\` (installs the pinned agent CLIs for these tests)`)
  return bin
}

/** A PyPI agent's pins: test/agents/<id>/requirements.txt (`hermes-agent==0.19.0`), installed into its venv by <id>/install.mjs. */
function pinnedOnPypi(distribution: string): string | null {
  const dir = fileURLToPath(new URL('..', import.meta.url))
  const line = new RegExp(`^${distribution.replace(/[.-]/g, '[-_.]')}==(\\S+)\\s*$`, 'im')
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry, 'requirements.txt')
    const found = existsSync(file) ? line.exec(readFileSync(file, 'utf8'))?.[1] : undefined
    if (found) return found
  }
  return null
}

/**
 * The version test/agents pins for an agent: the dependency of test/agents/package.json named by
 * its manifest's `[version] npm` (the package its executable belongs to), or the `==` pin of its
 * `[version] pypi` distribution in a requirements.txt here. Null when it pins none.
 */
export function pinnedVersion(probe: { readonly npm?: string; readonly pypi?: string } | null | undefined): string | null {
  if (probe?.pypi) return pinnedOnPypi(probe.pypi)
  if (!probe?.npm) return null
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { dependencies?: Record<string, string> }
  return pkg.dependencies?.[probe.npm] ?? null
}

/** The pinned Hermes Agent (PyPI), in its own venv under test/agents/hermes (hermes/install.mjs). */
export const HERMES_VERSION = pinnedOnPypi('hermes-agent') ?? '(not pinned)'

export function hermesBin(): string {
  const bin = fileURLToPath(new URL('../hermes/.venv/bin/hermes', import.meta.url))
  if (!existsSync(bin))
    throw new Error(
      `${bin} is missing: run \`npm install --prefix test/agents\` (its postinstall, hermes/install.mjs, installs hermes-agent ${HERMES_VERSION} from PyPI into test/agents/hermes/.venv)`,
    )
  return bin
}

/** The Claude Code versions the tests drive: the latest release, and the one the first rules were made on (an npm alias). */
export const CLAUDE_VERSIONS = ['2.1.332', '2.1.197'] as const
export type ClaudeVersion = (typeof CLAUDE_VERSIONS)[number]

/** `claude` at that version: the latest is the package itself, older ones the `claude-code-<version>` aliases. */
export function claudeBin(version: ClaudeVersion): string {
  if (version === CLAUDE_VERSIONS[0]) return agentBin('claude')
  const bin = fileURLToPath(new URL(`../node_modules/claude-code-${version}/bin/claude.exe`, import.meta.url))
  if (!existsSync(bin))
    throw new Error(
      `${bin} is missing: run \`npm install --prefix test/agents\` (installs claude-code-${version}, an alias of @anthropic-ai/claude-code@${version})`,
    )
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
