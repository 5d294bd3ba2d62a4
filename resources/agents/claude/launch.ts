import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LaunchContext, PreparedLaunch } from '../../../src/core/agents/agentCode'

/**
 * Claude Code's reporting (verified on 2.1.197 and 2.1.332, see fixtures/claude and
 * test/agents/claude/README.md): a per-launch `--settings <file>`. Claude merges it with the
 * user's own settings, so their hooks keep running.
 */

/** Events reported over `type: "http"` hooks: no process spawn, 15–230 ms earlier than a command. */
const HTTP_EVENTS = [
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
  // 2.1.332 (2.1.197 knows it too): once every tool of a batch resolved. MessageDisplay is not
  // injected: it runs in the display path, per streamed batch of lines, and may rewrite them.
  'PostToolBatch',
  'Notification',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'SessionEnd',
] as const

/** Tool events take a matcher; `*` is every tool. */
const TOOL_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest', 'PermissionDenied'])

export const enum ClaudeConstants {
  /** Seconds Claude waits for one http hook; the server answers in well under a millisecond. */
  HttpTimeoutSec = 3,
  /** Seconds for the SessionStart command (the reporter gives up by itself at 2 s). */
  CommandTimeoutSec = 5,
}

/** Where the token is: the variable that holds it, and the header the report server reads. */
export interface ClaudeToken {
  readonly variable: string
  readonly header: string
}

/** The `--settings` document: hooks only, nothing that changes how Claude behaves. */
export function claudeSettings(reportUrl: string, reporter: string, token: ClaudeToken): object {
  const http = {
    type: 'http',
    url: reportUrl,
    // Claude interpolates `$VAR` in headers only for variables listed in allowedEnvVars (measured):
    // the token stays in the environment, the file holds only its name.
    headers: { [token.header]: `$${token.variable}` },
    allowedEnvVars: [token.variable],
    timeout: ClaudeConstants.HttpTimeoutSec,
  }
  const hooks: Record<string, unknown[]> = {
    // Claude skips http hooks for SessionStart ("HTTP hooks are not supported for SessionStart").
    SessionStart: [{ hooks: [{ type: 'command', command: reporter, timeout: ClaudeConstants.CommandTimeoutSec }] }],
  }
  for (const event of HTTP_EVENTS) hooks[event] = [{ ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}), hooks: [http] }]
  return { hooks }
}

export function prepareLaunch(ctx: LaunchContext): PreparedLaunch {
  const file = join(ctx.dir, 'claude-settings.json')
  const settings = claudeSettings(ctx.reportUrl, ctx.reporterCommand(false), { variable: ctx.tokenVariable, header: ctx.tokenHeader })
  writeFileSync(file, JSON.stringify(settings, null, 2), { mode: 0o600 })
  return { argv: [ctx.executable, '--settings', file, ...ctx.userArgs], env: {} }
}
