import { Disposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import { AgentCatalog, findUserAgentsDir } from '../agents/agentCatalog'
import type { RuleFileError } from '../status/ruleFile'
import { findAgentsDir, findUserRulesDir } from '../status/ruleRegistry'
import { RuleWatcher } from '../status/ruleWatcher'
import type { Logger } from '../util/log'

export interface BoardAgentsOptions {
  readonly clock: Clock
  readonly log: Logger
  readonly baseEnv: Readonly<Record<string, string | undefined>>
  /** The shipped agent folders; found beside the app by default; null for none. */
  readonly agentsDir?: string | null
  /** The user's own agent folders (platform config dir `agents/` by default); null for none. */
  readonly userAgentsDir?: string | null
  /** The user's rule overrides (platform config dir `rules/` by default); null for none. */
  readonly userRulesDir?: string | null
  /** Reload agent and rule files when they change (default true). */
  readonly watch?: boolean
  /** The files were reloaded: running panes take the new rules. */
  readonly onReload: () => void
}

/**
 * The board's agents: the shipped folders and the user's, their rules and the user's overrides,
 * reloaded when a file changes (a new agent folder included). A folder or rule file that fails is
 * reported with file, line and reason; what loaded before stays in force.
 */
export class BoardAgents extends Disposable {
  readonly catalog: AgentCatalog
  private readonly watcher: RuleWatcher | null = null

  constructor(private readonly options: BoardAgentsOptions) {
    super()
    const shippedDir = options.agentsDir === undefined ? findAgentsDir() : options.agentsDir
    const userDir = options.userAgentsDir === undefined ? findUserAgentsDir(options.baseEnv) : options.userAgentsDir
    const overridesDir = options.userRulesDir === undefined ? findUserRulesDir(options.baseEnv) : options.userRulesDir
    this.catalog = new AgentCatalog({ shippedDir, userDir, overridesDir, log: (line) => options.log.error(line) })
    if (!shippedDir) options.log.error('no agent folders found (resources/agents); agent panes will rely on processes only')
    this.catalog.reload()
    if (options.watch !== false) {
      this.watcher = this.register(
        new RuleWatcher({
          dirs: () => this.catalog.dirs,
          roots: this.catalog.roots,
          reload: () => this.reload(),
          clock: options.clock,
          log: (line) => options.log.info(line),
        }),
      )
    }
  }

  /** Re-reads the agent folders and rule files (a broken file keeps what loaded before) and hands the rules to the panes. Returns the problems found. */
  reload(): RuleFileError[] {
    const errors = this.catalog.reload()
    this.options.onReload()
    return errors
  }

  /** Problems in the agent folders and rule files at the last reload (the first one at start included). */
  get problems(): readonly RuleFileError[] {
    return this.catalog.problems
  }
}
