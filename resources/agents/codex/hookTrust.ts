import { createHash } from 'node:crypto'

/**
 * Codex's hook trust, computed the way Codex 0.171 computes it (codex-rs/hooks/src/engine/
 * discovery.rs `command_hook_hash`, codex-rs/config/src/fingerprint.rs `version_for_toml`):
 * sha256 over the canonical JSON (keys sorted, compact) of the normalized hook identity
 * `{event_name, matcher?, hooks: [{type, command, timeout, async, statusMessage?}]}`, where the
 * timeout defaults to 600 s and absent options are left out (they pass through TOML, which has
 * no null). Codex runs an unmanaged hook only when `hooks.state."<key>".trusted_hash` equals it,
 * so passing these hashes for exactly our own definitions trusts them and nothing else; never
 * `--dangerously-bypass-hook-trust`, which would also run any unreviewed hook in the user's repo.
 */

/** The source of `-c hooks.…` definitions: Codex's synthetic path for the session-flags layer. */
export const SESSION_FLAGS_SOURCE = '/<session-flags>/config.toml'

export const enum CodexHookConstants {
  /** Codex's default command-hook timeout, part of the hashed identity when none is given. */
  DefaultTimeoutSec = 600,
}

export interface CodexCommandHook {
  readonly command: string
  readonly timeoutSec?: number
  readonly statusMessage?: string
}

/** `PermissionRequest` → `permission_request` (Codex's hook_event_key_label). */
export function eventLabel(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

/** Events whose matcher Codex keeps; for the others it is dropped before hashing (and matching). */
const MATCHER_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'SessionStart'])

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}

export function codexHookHash(event: string, matcher: string | undefined, hook: CodexCommandHook): string {
  const handler: Record<string, unknown> = {
    type: 'command',
    command: hook.command,
    timeout: Math.max(1, hook.timeoutSec ?? CodexHookConstants.DefaultTimeoutSec),
    async: false,
  }
  if (hook.statusMessage !== undefined) handler.statusMessage = hook.statusMessage
  const identity: Record<string, unknown> = { event_name: eventLabel(event), hooks: [handler] }
  if (matcher !== undefined && MATCHER_EVENTS.has(event)) identity.matcher = matcher
  return (
    'sha256:' +
    createHash('sha256')
      .update(JSON.stringify(canonical(identity)))
      .digest('hex')
  )
}

/** The key Codex stores a trust decision under: `<source>:<event_label>:<group>:<handler>`. */
export function codexHookKey(source: string, event: string, group: number, handler: number): string {
  return `${source}:${eventLabel(event)}:${group}:${handler}`
}
