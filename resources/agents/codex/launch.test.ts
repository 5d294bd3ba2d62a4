import { parse as parseToml } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { codexHookHash, codexHookKey, eventLabel, SESSION_FLAGS_SOURCE } from './hookTrust'
import { codexHookArgs } from './launch'

describe('Codex hook trust', () => {
  it('labels events as Codex keys them', () => {
    expect(eventLabel('PermissionRequest')).toBe('permission_request')
    expect(eventLabel('Stop')).toBe('stop')
    expect(codexHookKey(SESSION_FLAGS_SOURCE, 'PreToolUse', 0, 0)).toBe('/<session-flags>/config.toml:pre_tool_use:0:0')
  })

  it('hashes the canonical identity: default timeout, matcher only where Codex keeps it', () => {
    // sha256 of {"event_name":"stop","hooks":[{"async":false,"command":"echo hello","timeout":600,"type":"command"}]}.
    // That this is what codex 0.171.0 computes is proven on the real binary by test/agents/codex
    // (our hooks and the user's run without a review screen); this pins the value against refactors.
    expect(codexHookHash('Stop', undefined, { command: 'echo hello' })).toBe('sha256:b17846e5b9fcf932448a537996b5e9e212cf40709442d6d0d9d562ed19e040be')
    expect(codexHookHash('Stop', 'ignored', { command: 'echo hello', timeoutSec: 600 })).toBe(codexHookHash('Stop', undefined, { command: 'echo hello' }))
    expect(codexHookHash('PreToolUse', 'Bash', { command: 'x' })).not.toBe(codexHookHash('PreToolUse', undefined, { command: 'x' }))
    expect(codexHookHash('Stop', undefined, { command: 'echo hello' })).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('overrides one event per -c and trusts exactly those, never with the bypass flag', () => {
    const args = codexHookArgs((gated) => (gated ? 'sh r.sh --gated' : 'sh r.sh'))
    expect(args).not.toContain('--dangerously-bypass-hook-trust')
    const overrides = args.filter((_, i) => args[i - 1] === '-c')
    const state = overrides.at(-1)!
    expect(state.startsWith('hooks.state={')).toBe(true)
    const events = overrides.slice(0, -1).map((o) => /^hooks\.(\w+)=/.exec(o)![1]!)
    for (const event of events) expect(state).toContain(`"/<session-flags>/config.toml:${eventLabel(event)}:0:0"={trusted_hash="sha256:`)
    expect(overrides.find((o) => o.startsWith('hooks.PostToolUse='))).toContain('--gated')
    expect(overrides.find((o) => o.startsWith('hooks.PreToolUse='))).toContain('matcher="request_user_input"')
  })

  it('writes each override as TOML Codex can parse, whatever the command holds (quotes, backslashes, DEL)', () => {
    // JSON.stringify wrote these before: DEL stayed raw, which TOML refuses.
    const command = 'sh "/opt/my app/r.sh" \\x \x7f é'
    const args = codexHookArgs(() => command)
    const overrides = args.filter((_, i) => args[i - 1] === '-c')
    for (const o of overrides) {
      const eq = o.indexOf('=')
      const value = parseToml(`v = ${o.slice(eq + 1)}`).v as { hooks?: { command: string }[] }[] | Record<string, unknown>
      if (o.startsWith('hooks.state=')) expect(Object.keys(value).length).toBeGreaterThan(0)
      else expect((value as { hooks: { command: string }[] }[])[0]!.hooks[0]!.command).toBe(command)
    }
  })
})
