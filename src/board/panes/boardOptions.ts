import type { Clock } from '../../core/lifecycle/clock'
import type { LaunchOrigin } from '../../core/launch/settingsEnv'
import type { PaneId, PaneReportCounters, StateHistoryEntry } from '../../shared/domain/pane'
import type { Settings } from '../../shared/domain/settings'
import type { AgentLaunches } from '../agents/agentLaunches'
import type { PtyBackend } from '../pty/panePty'
import type { Logger } from '../util/log'

export const enum BoardConstants {
  DefaultCols = 120,
  DefaultRows = 32,
}

export interface BoardOptions {
  readonly clock: Clock
  readonly log: Logger
  /** The environment panes inherit (before the board's own variables and the request's overrides). */
  readonly baseEnv: Readonly<Record<string, string | undefined>>
  /**
   * Exported to panes as SWITCHBOARD_SOCKET with the pane's own SWITCHBOARD_PANE_TOKEN: programs
   * inside may report on and read their own pane (the control socket enforces the scope).
   */
  readonly socketPath?: string
  readonly defaultCwd?: string
  /** The shipped agent folders (resources/agents); found beside the app by default. */
  readonly agentsDir?: string | null
  /** The user's own agent folders (platform config dir `agents/` by default); null for shipped agents only. */
  readonly userAgentsDir?: string | null
  /** The user's rule overrides (platform config dir `rules/` by default); null for none. */
  readonly userRulesDir?: string | null
  /** Reload rule files when they change (default true). */
  readonly watchRules?: boolean
  /** The report server's counters for a pane (for `explain`). */
  readonly reportStats?: (id: PaneId) => PaneReportCounters | null
  /** Injects reporting into agent launches (per launch; the user's configuration is untouched). */
  readonly agents?: AgentLaunches
  /**
   * Start a session reaper (default true): when the board dies in any way, even `kill -9`, it
   * kills every process of its panes, `setsid` and `nohup` jobs included.
   */
  readonly reaper?: boolean
  /** Count what each pane changes in its git checkout (default true). */
  readonly trackChanges?: boolean
  /** A pane's saved state history (the workspace store); none without one. */
  readonly history?: (id: PaneId) => StateHistoryEntry[]
  /**
   * The environment the settings give a launch by agent or preset, as they are now: a resume
   * applies it again (a secret from the settings is never saved with the workspace). None: {}.
   */
  readonly settingsEnv?: (origin: LaunchOrigin) => Readonly<Record<string, string>>
  /**
   * Where the terminals are held (default: in this process, ending with it). The daemon gives the
   * pty host (PtyHostClient): panes then outlive this process, and the host's own reaper, whose tag
   * is `reaperTag`, ends them when the host dies.
   */
  readonly ptys?: PtyBackend
  readonly reaperTag?: string | null
  /** The notification settings in effect (the settings file's); the defaults without one. */
  readonly notifySettings?: () => Settings['notifications']
}
