import { existsSync, readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import type { CompiledRule } from '../../core/rules/compileRules'
import { configDir } from '../settings/configDir'
import { readRegularFile, UnsafeFileError } from '../util/safeFiles'
import { formatRuleFileError, isFatal, keyLine, parseRuleFile, type LoadedRuleFile, type RuleFileError } from './ruleFile'
import { parseOverrideFile } from './ruleOverride'

/**
 * Finds the shipped agent folders: `resources/agents` in the first ancestor of `from` that has one
 * (the repository root in development and tests, beside `out/` in a build). A packaged app passes
 * its resources path explicitly. `SWITCHBOARD_AGENTS_DIR` points elsewhere.
 */
export function findAgentsDir(from: string = __dirname): string | null {
  if (process.env.SWITCHBOARD_AGENTS_DIR) return resolve(process.env.SWITCHBOARD_AGENTS_DIR)
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'resources', 'agents')
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) return null
  }
}

/** One agent's own rule file (its folder's rules.toml), the base its overrides merge into. */
export interface RuleSource {
  readonly agent: string
  readonly file: string
}

/** The rule files of the agent folders under `root` (`<root>/<agent>/rules.toml`). */
export function folderRuleSources(root: string): RuleSource[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'rules.toml')))
    .map((d) => ({ agent: d.name, file: join(root, d.name, 'rules.toml') }))
    .sort((a, b) => a.agent.localeCompare(b.agent))
}

/**
 * The user's rule overrides: `rules/` in the platform's config dir. `SWITCHBOARD_CONFIG_DIR`
 * replaces the config dir (tests, portable setups). The directory need not exist: the watcher
 * notices when it is created.
 */
export function findUserRulesDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: string = process.platform,
  home: string = homedir(),
): string {
  return join(configDir(env, platform, home), 'rules')
}

/** The `*.toml` names in a folder, or null (with the reason in `problems`) when it cannot be listed. */
function tomlFiles(dir: string, problems: RuleFileError[]): string[] | null {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.toml'))
      .sort()
  } catch (err) {
    problems.push({
      file: dir,
      line: 1,
      message: `cannot list the folder (${(err as NodeJS.ErrnoException).code ?? String(err)}); it must be a readable directory of <agent>.toml files`,
    })
    return null
  }
}

/**
 * Reads a rule or agent file, or reports why not (it may vanish between listing and reading during
 * a rename-save). Every file the board reads from the rules and agent folders is opened here. Only
 * a regular file is opened, never blocking: a FIFO named `claude.toml` in the user's folder (which
 * any program in a pane can write) froze the board until someone wrote to it.
 */
export function readText(path: string, problems: RuleFileError[]): string | null {
  try {
    return readRegularFile(path)
  } catch (err) {
    if (err instanceof UnsafeFileError) {
      problems.push({ file: path, line: 1, message: err.reason })
      return null
    }
    problems.push({
      file: path,
      line: 1,
      message: `cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)}); check that it exists and is readable`,
    })
    return null
  }
}

/** The largest rule or agent file read: the longest shipped one is 8 KiB; a bigger file is not one (and is the user's, untrusted). */
export const MAX_RULE_FILE_BYTES = 256 * 1024

/** readText, after checking the file is a regular file of at most `max` bytes (else the reason is in `problems`). */
export function readBounded(path: string, problems: RuleFileError[], max = MAX_RULE_FILE_BYTES): string | null {
  try {
    const stat = statSync(path)
    // Anything but a regular file: readText refuses it and says what it is (a FIFO, a link, …).
    if (stat.isFile() && stat.size > max) {
      problems.push({ file: path, line: 1, message: `is ${stat.size} bytes; a rule file or manifest is at most ${max} (is this the right file?)` })
      return null
    }
  } catch {
    // Gone or unreadable: readText says which.
  }
  return readText(path, problems)
}

/**
 * The screen rules of every agent, one file per agent: each agent folder's own rules.toml (shipped
 * or the user's agent), with the user's override files (`<agent>.toml` in `overridesDir`) merged
 * in by rule id. `reload()` re-reads them; a file that fails keeps the agent's previous rules in
 * force, and its errors are returned (and logged) with file, line and rule. Deleting an override
 * returns its agent to its own rules; an agent whose folder is gone loses its rules.
 */
export class RuleRegistry {
  private shipped = new Map<string, LoadedRuleFile>()
  private files = new Map<string, LoadedRuleFile>()
  private readonly sources: () => readonly RuleSource[]

  constructor(
    /** The agent folders' root (`resources/agents`), or the agents' rule files as the catalog has them now. */
    sources: string | (() => readonly RuleSource[]),
    private readonly log: (line: string) => void = () => {},
    /** The user's overrides (findUserRulesDir()); null for the agents' own rules only. */
    readonly overridesDir: string | null = null,
  ) {
    this.sources = typeof sources === 'string' ? () => folderRuleSources(sources) : sources
  }

  /** The directories the rules come from, for a RuleWatcher: each agent's folder, and the overrides. */
  get dirs(): string[] {
    const folders = this.sources().map((s) => dirname(s.file))
    return this.overridesDir ? [...folders, this.overridesDir] : folders
  }

  /** Loads (or reloads) every rule file; returns the problems found (warnings included), none when all loaded. */
  reload(): RuleFileError[] {
    const problems: RuleFileError[] = []
    this.loadShipped(problems)
    this.files = this.mergeOverrides(problems)
    for (const e of problems) this.log(`rules: ${formatRuleFileError(e)}${isFatal(e) ? ' (previous rules stay in force)' : ''}`)
    return problems
  }

  private loadShipped(problems: RuleFileError[]): void {
    const sources = this.sources()
    const next = new Map<string, LoadedRuleFile>()
    for (const { agent, file: path } of sources) {
      const previous = this.shipped.get(agent)
      const keep = () => previous && next.set(agent, previous)
      const text = readBounded(path, problems)
      if (text === null) {
        keep()
        continue
      }
      const result = parseRuleFile(path, text)
      if (!result.ok) {
        problems.push(...result.errors)
        keep()
        continue
      }
      if (!this.namedAfterAgent(path, text, result.value.spec.agent, agent, problems)) {
        keep()
        continue
      }
      next.set(agent, result.value)
    }
    this.shipped = next
  }

  private namedAfterAgent(path: string, text: string, agent: string, expected: string, problems: RuleFileError[]): boolean {
    if (agent === expected) return true
    const where = basename(path) === 'rules.toml' ? `the folder it is in (${expected}/)` : `the file name (${agent}.toml)`
    problems.push({ file: path, line: keyLine(text, 'agent'), message: `agent "${agent}" does not match ${where}: the rules name the agent they are for` })
    return false
  }

  /** The rules in force per agent: shipped, with each override that loads merged in. */
  private mergeOverrides(problems: RuleFileError[]): Map<string, LoadedRuleFile> {
    const next = new Map(this.shipped)
    const dir = this.overridesDir
    const names = dir && existsSync(dir) ? tomlFiles(dir, problems) : []
    // Unreadable: which overrides exist is unknown, so all the previous rules stay in force.
    if (names === null) return this.files.size ? this.files : next
    for (const name of names) {
      const path = join(dir!, name)
      const agent = basename(name, '.toml')
      const text = readBounded(path, problems)
      const result = text === null ? null : parseOverrideFile(path, text, this.shipped.get(agent))
      if (result?.ok && this.namedAfterAgent(path, text!, result.value.spec.agent, agent, problems)) {
        problems.push(...result.warnings)
        next.set(agent, result.value)
        continue
      }
      if (result && !result.ok) problems.push(...result.errors)
      // The previous rules of this agent stay in force (the shipped ones, if the override never loaded).
      const previous = this.files.get(agent)
      if (previous) next.set(agent, previous)
    }
    for (const [agent, previous] of this.files) {
      if (previous.overrides && !names.includes(`${agent}.toml`)) {
        this.log(`rules: ${previous.overrides} is gone; ${agent} ${next.has(agent) ? 'uses the shipped rules again' : 'has no rules now'}`)
      }
    }
    return next
  }

  agents(): string[] {
    return [...this.files.keys()]
  }

  file(agent: string): LoadedRuleFile | undefined {
    return this.files.get(agent)
  }

  rules(agent: string | null): readonly CompiledRule[] {
    return agent === null ? [] : (this.files.get(agent)?.rules ?? [])
  }

  /** Loads the registry and throws on any error, not on warnings (for tools and tests). */
  static loadStrict(dir: string | (() => readonly RuleSource[]), overridesDir: string | null = null): RuleRegistry {
    const registry = new RuleRegistry(dir, () => {}, overridesDir)
    const errors = registry.reload().filter(isFatal)
    if (errors.length) throw new Error(errors.map(formatRuleFileError).join('\n'))
    return registry
  }
}
