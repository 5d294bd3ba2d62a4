/**
 * The environment a reporting pane gets (names only). The token is only ever in the pane's
 * environment and main's memory: never in argv, a file or a log.
 */
export const REPORT_ENV = {
  url: 'SWITCHBOARD_REPORT_URL',
  token: 'SWITCHBOARD_REPORT_TOKEN',
  /**
   * Instead of the token: a 0600 file holding it, in the launch's 0700 directory. For agents
   * that copy their whole environment to disk (Codex 0.171 writes `declare -x` of every variable
   * into a 0644 shell snapshot under CODEX_HOME while it runs).
   */
  tokenFile: 'SWITCHBOARD_REPORT_TOKEN_FILE',
  /** The marker file that opens the gate for high-frequency hooks (report.sh --gated). */
  marker: 'SWITCHBOARD_REPORT_MARKER',
  /** What runs report.cjs: node, or the app executable with ELECTRON_RUN_AS_NODE=1. */
  runtime: 'SWITCHBOARD_REPORT_RUNTIME',
} as const
