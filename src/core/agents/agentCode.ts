/**
 * What an agent's folder may bring as code (resources/agents/<id>/, see the README there): the
 * types its `launch.ts` and `terminal.ts` implement. Pure types: the folder's code imports them
 * from here and nothing else of the board, so a folder never reaches into main's internals and
 * no loop of imports can form (main finds the folders' code, the folders know only this file).
 */

/** An agent's own UI state, written into the terminal as an OSC sequence (Codex's OSC 7501). */
export type AgentTerminalState =
  | { readonly state: 'working' }
  | { readonly state: 'blocked' | 'question' }
  /** `done`: the turn ended. `idle`: waiting (composer touched, or interrupted). `error`: the turn ended on an API error. */
  | { readonly state: 'turnEnded'; readonly raw: 'done' | 'idle' | 'error' }
  | { readonly state: 'gone' }
  /** A state of a later version: the one before is over, the screen decides (never a stale `working`). */
  | { readonly state: 'unknown'; readonly raw: string }

/**
 * `terminal.ts`: parses the payload of the agent's OSC (after `<osc>;`, the number in the
 * manifest's `[terminal_state]`); null when it is not the agent's own sequence. Pure: it runs in
 * the status engine for every such sequence.
 */
export type ParseTerminalState = (data: string) => AgentTerminalState | null

/** What a launch's code gets to inject reporting into one launch of the agent. */
export interface LaunchContext {
  readonly paneId: string
  /** The executable as the pane will run it (a name on PATH or a path). */
  readonly executable: string
  /** The user's own arguments, passed through after ours. */
  readonly userArgs: readonly string[]
  /** The pane's environment before injection (read-only: to see e.g. a user's own OPENCODE_CONFIG). */
  readonly env: Readonly<Record<string, string>>
  /** This pane's report URL. The token is not here: it travels in the environment (`tokenVariable`). */
  readonly reportUrl: string
  /** The variable that holds the pane's report token, for agents that interpolate it (Claude's http hook headers). */
  readonly tokenVariable: string
  /** The HTTP header the report server reads the token from. */
  readonly tokenHeader: string
  /** A private (0700) directory for this launch's files; removed when the pane ends. */
  readonly dir: string
  /** The agent's own folder (its plugin or extension files are here). */
  readonly folder: string
  /** The app's resources folder (`resources/` in development, unpacked resources when packaged). */
  readonly resourcesDir: string
  /** The shell command of the reporter; `gated` for high-frequency events (see resources/reporter/report.sh). */
  reporterCommand(gated: boolean): string
  /**
   * The report variables the pane gets, never the token itself (URL, runtime, marker, and the
   * token file for `token = "file"` agents): for agents that strip their environment before
   * running a hook (Gemini CLI), so their hooks can carry these themselves.
   */
  readonly reportEnv: Readonly<Record<string, string>>
}

export interface PreparedLaunch {
  readonly argv: readonly string[]
  /** Variables to add to the pane's environment (never the token: the board adds that). */
  readonly env: Readonly<Record<string, string>>
  /** Runs when the pane ends, before the launch directory is removed. */
  dispose?(): void
}

/**
 * `launch.ts`: injects reporting into one launch without touching the user's own configuration.
 * Null: launch without reporting (the user's setup leaves no safe way in; say why in a comment).
 */
export type PrepareLaunch = (ctx: LaunchContext) => PreparedLaunch | null
