import type { IncomingReport } from '../reports/report'
import type { AgentKind } from '../../shared/domain/agents'

/** What a profile needs to inject reporting into one launch. */
export interface LaunchContext {
  readonly paneId: string
  /** The executable as the pane will run it (a name on PATH or a path). */
  readonly executable: string
  /** The user's own arguments, passed through after ours. */
  readonly userArgs: readonly string[]
  /** The pane's environment before injection (read-only: to see e.g. a user's own OPENCODE_CONFIG). */
  readonly env: Readonly<Record<string, string>>
  /** This pane's report URL (the token travels in the environment, see launchAgent). */
  readonly reportUrl: string
  /** A private (0700) directory for this launch's files; removed when the pane ends. */
  readonly dir: string
  /** The app's resources folder (`resources/` in development, unpacked resources when packaged). */
  readonly resourcesDir: string
  /** The shell command of the reporter; `gated` for high-frequency events (see report.sh). */
  reporterCommand(gated: boolean): string
  /**
   * The report variables the pane gets, never the token itself (URL, runtime, marker, and the
   * token file for `tokenInFile` profiles): for agents that strip their environment before running
   * a hook, so their hooks can carry these themselves.
   */
  readonly reportEnv: Readonly<Record<string, string>>
}

export interface PreparedLaunch {
  readonly argv: readonly string[]
  /** Variables to add to the pane's environment (never the token: launchAgent adds that). */
  readonly env: Readonly<Record<string, string>>
  /** Runs when the pane ends, before the launch directory is removed. */
  dispose?(): void
}

/** The gate for high-frequency hooks: which reports mean "a dialog is open now". */
export type PromptOpens = (report: IncomingReport) => boolean

/**
 * One agent: how to launch it and how to make it report for one launch without touching the
 * user's own configuration. What the pure core knows about the agent (report table, dialog keys,
 * recognition) is in src/core/agents/<agent>/; see the README there.
 */
export interface AgentProfile {
  readonly kind: AgentKind
  /** Executable names looked up on PATH when the settings name none. */
  readonly executables: readonly string[]
  /**
   * Files the launch needs, relative to the resources folder (a test checks each exists, so a
   * plugin left out of the package fails there, not on a user's machine). The screen rules are
   * always resources/rules/<agent>.toml.
   */
  readonly resources: readonly string[]
  /** Null when the agent reports nothing (the shell profile). */
  prepareLaunch(ctx: LaunchContext): PreparedLaunch | null
  /** Reports that open a dialog; the pane's marker file exists from one of them to the next report. */
  readonly promptOpens?: PromptOpens
  /** Pass the token as a 0600 file instead of a variable (see REPORT_ENV.tokenFile). */
  readonly tokenInFile?: boolean
}
