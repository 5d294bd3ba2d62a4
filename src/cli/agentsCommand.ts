import type { AgentReport } from '../shared/domain/agents'
import { AgentCatalog, findUserAgentsDir } from '../board/agents/agentCatalog'
import { agentReports } from '../board/agents/agentInstall'
import { configDir } from '../board/settings/configDir'
import { SettingsStore } from '../board/settings/settingsStore'
import { formatRuleFileError, isFatal } from '../board/status/ruleFile'
import { findAgentsDir, findUserRulesDir } from '../board/status/ruleRegistry'
import type { CliIo } from './cliIo'

/** What was verified: the manifest's versions and the rules', once when they agree. */
function verified(a: AgentReport): string {
  const { agent, rules } = a.verifiedOn
  if (agent && rules && agent !== rules) return `${agent} (rules ${rules})`
  return agent ?? (rules ? `rules ${rules}` : '-')
}

/** A cell as the terminal should show it: a control character (from a path, a user's file) is a `?`. */
const cell = (text: string) => text.replace(/\p{Cc}/gu, '?')

/** The `switchboard agents` table. */
export function agentsTable(agents: readonly AgentReport[]): string {
  const rows = agents.map((a) => [
    a.id,
    a.name,
    a.source,
    a.executable ?? `not found (${a.looked})`,
    a.version ?? (a.executable ? '?' : '-'),
    verified(a),
    a.newer ? 'newer than verified' : a.rules ? '' : 'no rules: generic path',
  ])
  const header = ['ID', 'NAME', 'SOURCE', 'EXECUTABLE', 'VERSION', 'VERIFIED ON', '']
  const all = [header, ...rows.map((r) => r.map(cell))]
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)))
  return all
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/**
 * `switchboard agents [--json]`: every agent this install knows — the shipped folders and the
 * user's own — read here, without a board (the folders, the settings and PATH are the user's),
 * with the executable a launch would run, its installed version and what the folder was verified
 * on. Folders that did not load are listed with file, line and reason on stderr (in `problems`
 * with --json); the exit code is 0 unless nothing could be read at all.
 */
export async function runAgentsCommand(json: boolean, io: CliIo): Promise<number> {
  const shippedDir = findAgentsDir(__dirname)
  if (!shippedDir) {
    io.err('switchboard: the shipped agent folders (resources/agents) are missing; reinstall, or set SWITCHBOARD_AGENTS_DIR\n')
    return 1
  }
  const catalog = new AgentCatalog({ shippedDir, userDir: findUserAgentsDir(io.env), overridesDir: findUserRulesDir(io.env) })
  const problems = catalog.reload().filter(isFatal).map(formatRuleFileError)
  const settings = new SettingsStore(configDir(io.env)).get()
  if (settings.error) problems.push(`${settings.path}: ${settings.error}`)
  const agents = await agentReports(catalog, settings.settings, io.env, io.cwd)
  if (json) io.out(`${JSON.stringify({ agents, problems }, null, 2)}\n`)
  else {
    io.out(`${agentsTable(agents)}\n`)
    for (const p of problems) io.err(`not loaded: ${cell(p)}\n`)
  }
  return 0
}
