import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { CompiledRule } from '../../core/rules/compileRules'
import { formatRuleFileError, parseRuleFile, type LoadedRuleFile, type RuleFileError } from './ruleFile'

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
 * The screen rules of every agent, one file per agent. `reload()` re-reads the directory; a file
 * that fails keeps its previous rules in force and its errors are returned (and logged) with file,
 * line and rule. Still to come: a user override directory merged over these by rule id, and
 * watching both for hot reload.
 */
export class RuleRegistry {
  private files = new Map<string, LoadedRuleFile>()

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Loads (or reloads) every `*.toml`; returns the problems found, none when all loaded. */
  reload(): RuleFileError[] {
    const errors: RuleFileError[] = []
    for (const name of readdirSync(this.dir).filter((f) => f.endsWith('.toml')).sort()) {
      const path = join(this.dir, name)
      const result = parseRuleFile(path, readFileSync(path, 'utf8'))
      if (!result.ok) {
        errors.push(...result.errors)
        for (const e of result.errors) this.log(`rules: ${formatRuleFileError(e)} (previous rules stay in force)`)
        continue
      }
      this.files.set(result.value.spec.agent, result.value)
    }
    return errors
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

  /** Loads the registry from a directory and throws on any error (for tools and tests). */
  static loadStrict(dir: string): RuleRegistry {
    const registry = new RuleRegistry(dir)
    const errors = registry.reload()
    if (errors.length) throw new Error(errors.map(formatRuleFileError).join('\n'))
    return registry
  }
}
