import { stringify as stringifyToml } from 'smol-toml'
import type { LaunchContext, PreparedLaunch } from '../../../src/core/agents/agentCode'
import { SESSION_FLAGS_SOURCE, codexHookHash, codexHookKey } from './hookTrust'

/**
 * Codex CLI's reporting (verified on 0.171.0, see fixtures/codex): `-c hooks.<Event>=…`
 * session overrides (Codex's session-flags layer: the user's config.toml and hooks.json are not
 * touched and their hooks keep running) plus a `hooks.state` inline table that trusts exactly
 * these definitions. Codex runs hooks one after another and blocks on them, so high-frequency
 * events are gated (report.sh --gated).
 */

interface HookSpec {
  readonly event: string
  readonly matcher?: string
  /** Only reported while a dialog is open (costs one `test -e` otherwise). */
  readonly gated: boolean
}

const HOOKS: readonly HookSpec[] = [
  // Codex fires SessionStart with the first prompt, not at launch (measured).
  { event: 'SessionStart', gated: false },
  { event: 'UserPromptSubmit', gated: false },
  // The Plan-mode question dialog: its only hook is PreToolUse of request_user_input.
  { event: 'PreToolUse', matcher: 'request_user_input', gated: false },
  { event: 'PermissionRequest', gated: false },
  // Every tool call; it only matters as "the dialog was answered yes".
  { event: 'PostToolUse', gated: true },
  { event: 'Stop', gated: false },
  // Codex's only hook when a dialog is denied (Esc); it has a hard 1 s timeout.
  { event: 'Interrupt', gated: false },
  { event: 'SubagentStart', gated: false },
  { event: 'SubagentStop', gated: false },
  { event: 'SessionEnd', gated: false },
]

export const enum CodexConstants {
  /**
   * Seconds per hook. The reporter gives up at 2 s, so this only bounds a stuck runtime. Codex
   * clamps SessionEnd and Interrupt hooks to 3 s and hashes the clamped value (measured: a 5 s
   * timeout left exactly those two "need review"), so 3 s everywhere keeps every hash plain.
   */
  HookTimeoutSec = 3,
}

/**
 * A TOML basic string, as smol-toml writes it (`-c` takes one TOML value, and smol-toml has no
 * inline-value writer, so the value is cut from a one-key document). JSON.stringify is not TOML:
 * it leaves DEL (U+007F) raw, which TOML refuses in a string.
 */
const tomlString = (s: string) => stringifyToml({ v: s }).slice('v = '.length).trimEnd()

/** The `-c` overrides: one per event, then the trust table for exactly those hooks. */
export function codexHookArgs(reporterCommand: (gated: boolean) => string): string[] {
  const args: string[] = []
  const trust: string[] = []
  for (const spec of HOOKS) {
    const hook = { command: reporterCommand(spec.gated), timeoutSec: CodexConstants.HookTimeoutSec }
    const matcher = spec.matcher !== undefined ? `matcher=${tomlString(spec.matcher)},` : ''
    args.push('-c', `hooks.${spec.event}=[{${matcher}hooks=[{type="command",command=${tomlString(hook.command)},timeout=${hook.timeoutSec}}]}]`)
    trust.push(
      `${tomlString(codexHookKey(SESSION_FLAGS_SOURCE, spec.event, 0, 0))}={trusted_hash=${tomlString(codexHookHash(spec.event, spec.matcher, hook))}}`,
    )
  }
  // One inline table: the dotted form (`hooks.state."…config.toml…".trusted_hash`) does not work,
  // the `.` in `config.toml` splits the key (measured).
  args.push('-c', `hooks.state={${trust.join(',')}}`)
  return args
}

/** The token goes in a file and PostToolUse is gated: agent.toml's `[launch]` says so. */
export function prepareLaunch(ctx: LaunchContext): PreparedLaunch {
  // --no-daemon: otherwise the TUI talks to a shared background app-server that outlives it,
  // and hooks would run there with that daemon's environment (another pane's token, or none).
  return { argv: [ctx.executable, '--no-daemon', ...codexHookArgs(ctx.reporterCommand), ...ctx.userArgs], env: {} }
}
