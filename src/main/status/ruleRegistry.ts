import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import type { CompiledRule } from '../../core/rules/compileRules'
import { configDir } from '../settings/configDir'
import { readRegularFile, UnsafeFileError } from '../util/safeFiles'
import { formatRuleFileError, isFatal, keyLine, parseRuleFile, type LoadedRuleFile, type RuleFileError } from './ruleFile'
import { parseOverrideFile } from './ruleOverride'

/**
 * Finds the shipped rules: `resources/rules` in the first ancestor of `from` that has one (the
 * repository root in development and tests, beside `out/` in a build). A packaged app passes its
 * resources path explicitly.
 */
export function findRulesDir(from: string = __dirname): string | null {
  if (process.env.SWITCHBOARD_RULES_DIR) return resolve(process.env.SWITCHBOARD_RULES_DIR)
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'resources', 'rules')
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) return null
  }
}

/**
 * The user's rule overrides: `rules/` in the platform's config dir. `SWITCHBOARD_CONFIG_DIR`
 * replaces the config dir (tests, portable setups). The directory need not exist: the watcher
 * notices when it is created.
 */
export function findUserRulesDir(env: Readonly<Record<string, string | undefined>> = process.env, platform: string = process.platform, home: string = homedir()): string {
  return join(configDir(env, platform, home), 'rules')
}

/** The `*.toml` names in a folder, or null (with the reason in `problems`) when it cannot be listed. */
function tomlFiles(dir: string, problems: RuleFileError[]): string[] | null {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.toml'))
      .sort()
  } catch (err) {
    problems.push({ file: dir, line: 1, message: `cannot list the folder (${(err as NodeJS.ErrnoException).code ?? String(err)}); it must be a readable directory of <agent>.toml files` })
    return null
  }
}

/**
 * Reads a file, or reports why not (it may vanish between listing and reading during a rename-save).
 * Only a regular file is opened, never blocking: a FIFO named `claude.toml` in the user's folder
 * (which any program in a pane can write) froze the board until someone wrote to it.
 */
function readText(path: string, problems: RuleFileError[]): string | null {
  try {
    return readRegularFile(path)
  } catch (err) {
    if (err instanceof UnsafeFileError) {
      problems.push({ file: path, line: 1, message: err.reason })
      return null
    }
    problems.push({ file: path, line: 1, message: `cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)}); check that it exists and is readable` })
    return null
  }
}

/**
 * The screen rules of every agent, one file per agent: the shipped files, with the user's
 * override files (same names, in `overridesDir`) merged in by rule id. `reload()` re-reads both
 * directories; a file that fails keeps the agent's previous rules in force, and its errors are
 * returned (and logged) with file, line and rule. Deleting an override returns its agent to
 * the shipped rules.
 */
export class RuleRegistry {
  private shipped = new Map<string, LoadedRuleFile>()
  private files = new Map<string, LoadedRuleFile>()

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = () => {},
    /** The user's overrides (findUserRulesDir()); null for shipped rules only. */
    readonly overridesDir: string | null = null,
  ) {}

  /** The directories the rules come from, for a RuleWatcher. */
  get dirs(): string[] {
    return this.overridesDir ? [this.dir, this.overridesDir] : [this.dir]
  }

  /** Loads (or reloads) every `*.toml`; returns the problems found (warnings included), none when all loaded. */
  reload(): RuleFileError[] {
    const problems: RuleFileError[] = []
    this.loadShipped(problems)
    this.files = this.mergeOverrides(problems)
    for (const e of problems) this.log(`rules: ${formatRuleFileError(e)}${isFatal(e) ? ' (previous rules stay in force)' : ''}`)
    return problems
  }

  private loadShipped(problems: RuleFileError[]): void {
    if (!existsSync(this.dir)) {
      problems.push({ file: this.dir, line: 1, message: 'the shipped rules directory is missing; reinstall, or point SWITCHBOARD_RULES_DIR at resources/rules' })
      return
    }
    for (const name of tomlFiles(this.dir, problems) ?? []) {
      const path = join(this.dir, name)
      const text = readText(path, problems)
      if (text === null) continue
      const result = parseRuleFile(path, text)
      if (!result.ok) {
        problems.push(...result.errors)
        continue
      }
      if (!this.namedAfterAgent(path, text, result.value.spec.agent, problems)) continue
      this.shipped.set(result.value.spec.agent, result.value)
    }
  }

  private namedAfterAgent(path: string, text: string, agent: string, problems: RuleFileError[]): boolean {
    const expected = basename(path, '.toml')
    if (agent === expected) return true
    problems.push({ file: path, line: keyLine(text, 'agent'), message: `agent "${agent}" does not match the file name: one file per agent, named after it (${agent}.toml)` })
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
      const text = readText(path, problems)
      const result = text === null ? null : parseOverrideFile(path, text, this.shipped.get(agent))
      if (result?.ok && this.namedAfterAgent(path, text!, result.value.spec.agent, problems)) {
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
  static loadStrict(dir: string, overridesDir: string | null = null): RuleRegistry {
    const registry = new RuleRegistry(dir, () => {}, overridesDir)
    const errors = registry.reload().filter(isFatal)
    if (errors.length) throw new Error(errors.map(formatRuleFileError).join('\n'))
    return registry
  }
}
