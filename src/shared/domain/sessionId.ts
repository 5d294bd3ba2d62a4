/**
 * An agent's session id as it may reach a command line (`claude --resume ID`, `codex resume ID`,
 * `opencode --session ID`, `pi --session ID`, `hermes --resume ID`). Ids come from the agents' reports, which any
 * program holding the pane's token can post: an id that starts with `-` would be read as an
 * option (`--dangerously-skip-permissions`), and one with spaces, slashes or controls is no id any
 * agent makes. Real ids are UUIDs (Claude Code, Codex, Pi), `ses_` + base62 (OpenCode) and
 * `YYYYMMDD_HHMMSS_` + 6 hex (Hermes 0.19.0).
 */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/

export const SESSION_ID_RULE = 'a letter or digit, then up to 127 letters, digits, _ . : or -'

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value)
}
