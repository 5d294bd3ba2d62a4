import { Disposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { CompiledRule } from '../../core/rules/compileRules'
import type { LoadedRuleFile, RuleFileError } from '../status/ruleFile'
import { findRulesDir, findUserRulesDir, RuleRegistry } from '../status/ruleRegistry'
import { RuleWatcher } from '../status/ruleWatcher'
import type { Logger } from '../util/log'

export interface BoardRulesOptions {
  readonly clock: Clock
  readonly log: Logger
  readonly baseEnv: Readonly<Record<string, string | undefined>>
  /** Where the agents' screen rules are; found beside the app by default; null for none. */
  readonly rulesDir?: string | null
  /** The user's rule overrides (platform config dir by default); null for shipped rules only. */
  readonly userRulesDir?: string | null
  /** Reload rule files when they change (default true). */
  readonly watch?: boolean
  /** The files were reloaded: running panes take the new rules. */
  readonly onReload: () => void
}

/** The board's screen rules: the shipped files and the user's overrides, reloaded when they change. */
export class BoardRules extends Disposable {
  private readonly registry: RuleRegistry | null
  private readonly watcher: RuleWatcher | null = null

  constructor(private readonly options: BoardRulesOptions) {
    super()
    const dir = options.rulesDir === undefined ? findRulesDir() : options.rulesDir
    const overrides = options.userRulesDir === undefined ? findUserRulesDir(options.baseEnv) : options.userRulesDir
    this.registry = dir ? new RuleRegistry(dir, (line) => options.log.error(line), overrides ?? undefined) : null
    if (!this.registry) options.log.error('no screen rules found (resources/rules); agent panes will rely on reports and processes only')
    this.registry?.reload()
    if (this.registry && options.watch !== false) {
      this.watcher = this.register(new RuleWatcher({ dirs: this.registry.dirs, reload: () => this.reload(), clock: options.clock, log: (line) => options.log.info(line) }))
    }
  }

  rules(agent: string | null): readonly CompiledRule[] {
    return this.registry?.rules(agent) ?? []
  }

  file(agent: string): LoadedRuleFile | undefined {
    return this.registry?.file(agent)
  }

  /** Re-reads the rule files (a broken file keeps its previous rules) and hands them to the panes. Returns the problems found. */
  reload(): RuleFileError[] {
    const errors = this.registry?.reload() ?? []
    this.options.onReload()
    return errors
  }

  /** Problems in the rule files at the last reload the watcher made. */
  get problems(): readonly RuleFileError[] {
    return this.watcher?.problems ?? []
  }
}
