import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type Settings } from '../../shared/domain/settings'
import type { BoardError } from '../../shared/ipc/errors'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import { eventually, screenText } from '../test/support'
import { cmdline, launchTestBoard } from './launchTestBoard'

const t = launchTestBoard({ createHandlers, dispatchInvoke })

describe('launching an agent by kind', () => {
  it('runs the executable, default arguments and environment from the settings, and sees a change of them', async () => {
    const exe = t.fakeAgent('claude')
    t.save((s) => ({ ...s, agents: { ...s.agents, claude: { executable: exe, args: ['--model', 'opus'], env: { AGENT_MODE: 'from-settings' } } } }))
    const first = await t.call('pane:create', { agent: 'claude', args: ['--verbose'] })
    await eventually(() => cmdline(first.pid).includes('--verbose'), 'the agent to start')
    expect(cmdline(first.pid)).toEqual(['/bin/bash', exe, '--model', 'opus', '--verbose'])
    await eventually(async () => (await screenText(t.board.get(first.id))).includes('MODE=from-settings'), 'the env from settings')

    t.save((s) => ({ ...s, agents: { ...s.agents, claude: { ...s.agents.claude!, args: ['--model', 'sonnet'] } } }))
    const second = await t.call('pane:create', { agent: 'claude', env: { AGENT_MODE: 'per-launch' } })
    await eventually(() => cmdline(second.pid).includes('sonnet'), 'the second agent to start')
    expect(cmdline(second.pid)).toEqual(['/bin/bash', exe, '--model', 'sonnet'])
    await eventually(async () => (await screenText(t.board.get(second.id))).includes('MODE=per-launch'), 'the launch env over the settings')
  })

  it('knows the agent when the settings name a wrapper as its executable', async () => {
    const wrapper = t.fakeAgent('my-claude-wrapper')
    t.save((s) => ({ ...s, agents: { ...s.agents, claude: { executable: wrapper, args: [], env: {} } } }))
    const info = await t.call('pane:create', { agent: 'claude' })
    expect(info.agent).toBe('claude')
    expect(info.command).toEqual([wrapper])
  })

  it('names the setting when the executable is missing, and spawns nothing', async () => {
    const empty = join(t.root, 'empty')
    mkdirSync(empty)
    await t.reboard({ PATH: empty, SHELL: '/bin/bash' })
    const err = (await t.call('pane:create', { agent: 'claude' }).catch((e: unknown) => e)) as BoardError
    expect(err.code).toBe('agent-missing')
    expect(err.message).toBe(
      `claude: no executable named claude on PATH (looked in ${empty}). Install it, or set its path in Settings → Agents → claude → Executable.`,
    )
    t.save((s) => ({ ...s, agents: { ...s.agents, codex: { executable: '/nonexistent/codex', args: [], env: {} } } }))
    const err2 = (await t.call('pane:create', { agent: 'codex' }).catch((e: unknown) => e)) as BoardError
    expect(err2.message).toMatch(/^codex: the executable \/nonexistent\/codex \(from settings\) does not exist .* Settings → Agents → codex → Executable\.$/)
    expect(t.board.list()).toEqual([])
  })

  it('round-trips presets through the settings file and launches one by name', async () => {
    const exe = t.fakeAgent('codex')
    const presets: Settings['presets'] = [
      { name: 'codex, full auto', agent: 'codex', args: ['--full-auto'], env: { AGENT_MODE: 'preset' }, cwd: t.root, setup: [], worktree: false, host: '' },
      { name: 'claude, plan mode', agent: 'claude', args: ['--permission-mode', 'plan'], env: {}, cwd: '', setup: ['cp ../.env .'], worktree: true, host: '' },
    ]
    t.save((s) => ({ ...s, presets, agents: { ...s.agents, codex: { executable: exe, args: [], env: {} } } }))
    expect(t.store.get().settings.presets).toEqual(presets)
    expect(JSON.parse(readFileSync(t.store.path, 'utf8')).presets).toEqual(presets)
    const info = await t.call('pane:create', { preset: 'codex, full auto', args: ['--extra'] })
    await eventually(() => cmdline(info.pid).includes('--extra'), 'the preset launch')
    expect(cmdline(info.pid)).toEqual(['/bin/bash', exe, '--full-auto', '--extra'])
    expect(info.cwd).toBe(t.root)
    await eventually(async () => (await screenText(t.board.get(info.id))).includes('MODE=preset'), "the preset's env")
    await expect(t.call('pane:create', { preset: 'nope' })).rejects.toThrow(
      /no launch preset named "nope"; the presets are "codex, full auto", "claude, plan mode"/,
    )
    expect(() => t.store.set({ ...DEFAULT_SETTINGS, presets: [presets[0]!, presets[0]!] })).toThrow(/same name/)
  })
})
