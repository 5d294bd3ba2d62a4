import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { knowledgeOf, type AgentKnowledge } from '../../core/agents/agentKnowledge'
import type { AgentManifest, AgentSource } from '../../core/agents/agentManifest'
import { AgentSet, type AgentDirectory } from '../../core/agents/agentSet'
import type { CompiledRule } from '../../core/rules/compileRules'
import { configDir } from '../settings/configDir'
import { formatRuleFileError, isFatal, type LoadedRuleFile, type RuleFileError } from '../status/ruleFile'
import { compileRuleRegex } from '../status/ruleRegex'
import { findAgentsDir, RuleRegistry, type RuleSource } from '../status/ruleRegistry'
import { agentFolders, AgentFolderLimits, readAgentFolder, type AgentFolder } from './agentFolder'
import { profileOf, shellProfile, type AgentProfile } from './profile'
import { SHIPPED_CODE } from './shippedCode'

/** One agent in force: its folder as read, what the core knows, how main launches it. */
export interface CatalogAgent {
  readonly manifest: AgentManifest
  readonly knowledge: AgentKnowledge
  readonly profile: AgentProfile
  /** Its own rules.toml, if it has one. */
  readonly rulesFile: string | null
}

/**
 * The user's own agents: `agents/` in the platform's config dir (`$XDG_CONFIG_HOME/switchboard/agents`
 * on Linux), one folder per agent. It need not exist: the watcher notices when it is created.
 */
export function findUserAgentsDir(env: Readonly<Record<string, string | undefined>> = process.env, platform: string = process.platform): string {
  return join(configDir(env, platform), 'agents')
}

export interface AgentCatalogOptions {
  /** The shipped folders (`resources/agents`); null for none. */
  readonly shippedDir: string | null
  /** The user's agent folders (findUserAgentsDir()); null for shipped agents only. */
  readonly userDir?: string | null
  /** The user's rule overrides (findUserRulesDir()); null for none. */
  readonly overridesDir?: string | null
  readonly log?: (line: string) => void
}

const isDir = (path: string) => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * Every agent the board knows, derived from the agent folders: the shipped ones
 * (resources/agents/<id>/) and the user's (config dir `agents/<id>/`), with their rules (their own
 * rules.toml, the user's overrides merged in). `reload()` re-reads every folder: a folder that
 * fails is refused with file, line and reason while the others keep working, and an agent that
 * loaded before keeps its previous manifest and rules until the folder is fixed. A user's agent
 * cannot take a shipped agent's id (override its rules in `rules/<id>.toml` instead).
 */
export class AgentCatalog implements AgentDirectory {
  private agents = new Map<string, CatalogAgent>()
  private set = new AgentSet([])
  private readonly rules: RuleRegistry
  private readonly log: (line: string) => void
  private lastProblems: readonly RuleFileError[] = []

  constructor(private readonly options: AgentCatalogOptions) {
    this.log = options.log ?? (() => {})
    this.rules = new RuleRegistry(() => this.ruleSources(), this.log, options.overridesDir ?? null)
  }

  private ruleSources(): RuleSource[] {
    return [...this.agents.values()].flatMap((a) => (a.rulesFile ? [{ agent: a.manifest.id, file: a.rulesFile }] : []))
  }

  /** Loads (or reloads) every folder and their rules; returns the problems found (warnings included). */
  reload(): RuleFileError[] {
    const problems: RuleFileError[] = []
    const next = new Map<string, CatalogAgent>()
    this.loadFolders(this.options.shippedDir, 'shipped', next, problems)
    this.loadFolders(this.options.userDir ?? null, 'user', next, problems)
    for (const e of problems)
      this.log(`agents: ${formatRuleFileError(e)}${isFatal(e) && this.agents.size ? ' (an agent that loaded before stays as it was)' : ''}`)
    this.agents = next
    this.set = new AgentSet([...next.values()].map((a) => a.knowledge))
    problems.push(...this.rules.reload())
    this.lastProblems = problems
    return problems
  }

  private loadFolders(root: string | null, source: AgentSource, next: Map<string, CatalogAgent>, problems: RuleFileError[]): void {
    if (root === null) return
    if (!existsSync(root)) {
      if (source === 'shipped')
        problems.push({ file: root, line: 1, message: 'the shipped agents folder is missing; reinstall, or point SWITCHBOARD_AGENTS_DIR at resources/agents' })
      return
    }
    let folders = agentFolders(root).filter(isDir)
    if (source === 'user' && folders.length > AgentFolderLimits.MaxUserAgents) {
      problems.push({ file: root, line: 1, message: `${folders.length} agent folders; the first ${AgentFolderLimits.MaxUserAgents} are read` })
      folders = folders.slice(0, AgentFolderLimits.MaxUserAgents)
    }
    for (const dir of folders) {
      const id = dir.slice(root.length + 1)
      const result = readAgentFolder(dir, source, source === 'shipped' ? (SHIPPED_CODE.get(id) ?? {}) : {})
      const previous = this.agents.get(id)
      const keep = () => {
        // A folder that loaded before keeps working as it was until it is fixed.
        if (previous && previous.manifest.source === source && !next.has(id)) next.set(id, previous)
      }
      if (!result.ok) {
        problems.push(...result.errors)
        keep()
        continue
      }
      problems.push(...result.warnings)
      const taken = next.get(id)
      if (taken) {
        problems.push({
          file: join(dir, 'agent.toml'),
          line: 1,
          message: `"${id}" is a ${taken.manifest.source} agent already; to change its screen rules, put rules/${id}.toml beside your agents folder`,
        })
        continue
      }
      next.set(id, this.entry(result.value))
    }
  }

  private entry(folder: AgentFolder): CatalogAgent {
    return {
      manifest: folder.manifest,
      knowledge: knowledgeOf(folder.manifest, compileRuleRegex, folder.code.parseTerminalState ?? null),
      profile: profileOf(folder),
      rulesFile: folder.rulesFile,
    }
  }

  /** The problems of the latest reload. */
  get problems(): readonly RuleFileError[] {
    return this.lastProblems
  }

  /** Every directory edits come from, for a watcher: both roots, each folder, the overrides. */
  get dirs(): string[] {
    const roots = [this.options.shippedDir, this.options.userDir ?? null].filter((d): d is string => d !== null)
    const folders = [...this.agents.values()].map((a) => a.manifest.folder)
    return [...new Set([...roots, ...folders, ...(this.options.overridesDir ? [this.options.overridesDir] : [])])]
  }

  /** The user's agents folder, if the board reads one. */
  get userDir(): string | null {
    return this.options.userDir ?? null
  }

  /** The roots whose sub-folders are agents (a new folder there is a new agent). */
  get roots(): string[] {
    return [this.options.shippedDir, this.options.userDir ?? null].filter((d): d is string => d !== null)
  }

  /** Agent ids, shipped first, each group in folder order. */
  ids(): string[] {
    return [...this.agents.keys()]
  }

  list(): CatalogAgent[] {
    return [...this.agents.values()]
  }

  get(id: string | null | undefined): CatalogAgent | null {
    return id == null ? null : (this.agents.get(id) ?? null)
  }

  knowledge(id: string | null): AgentKnowledge | null {
    return this.set.knowledge(id)
  }

  recognize(argv: readonly string[]): string | null {
    return this.set.recognize(argv)
  }

  /** How to launch `kind` (an agent id; anything else is a plain program). */
  profile(kind: string | null | undefined): AgentProfile {
    return this.get(kind)?.profile ?? shellProfile
  }

  /** The profile for a command line about to be launched (or seen in a pane's foreground). */
  profileForCommand(argv: readonly string[]): AgentProfile {
    return this.profile(this.recognize(argv))
  }

  rulesOf(agent: string | null): readonly CompiledRule[] {
    return this.rules.rules(agent)
  }

  ruleFile(agent: string): LoadedRuleFile | undefined {
    return this.rules.file(agent)
  }

  /** Agents with rules in force (their own or an override's). */
  ruleAgents(): string[] {
    return this.rules.agents()
  }

  /** The shipped agents (and the user's, when `userDir` is given), loaded; throws on any error, not on warnings (for tools and tests). */
  static loadStrict(shippedDir: string, userDir: string | null = null, overridesDir: string | null = null): AgentCatalog {
    const catalog = new AgentCatalog({ shippedDir, userDir, overridesDir })
    const errors = catalog.reload().filter(isFatal)
    if (errors.length) throw new Error(errors.map(formatRuleFileError).join('\n'))
    return catalog
  }
}

let shipped: AgentCatalog | null = null

/** The shipped agents, loaded once per process (tools and tests; the board has its own catalog, reloaded live). */
export function shippedAgents(): AgentCatalog {
  if (!shipped) {
    const dir = findAgentsDir()
    if (!dir) throw new Error('resources/agents not found (set SWITCHBOARD_AGENTS_DIR)')
    shipped = AgentCatalog.loadStrict(dir)
  }
  return shipped
}
