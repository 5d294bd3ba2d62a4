import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, settingsSchema, type LaunchPreset, type Settings } from '../../shared/domain/settings'
import { remoteRequest } from './remoteLaunch'

const preset = (p: Partial<LaunchPreset> & Pick<LaunchPreset, 'name'>): LaunchPreset => ({
  agent: 'claude',
  args: [],
  env: {},
  cwd: '',
  setup: [],
  worktree: false,
  host: '',
  ...p,
})
const settings = (...presets: LaunchPreset[]): Settings => ({ ...DEFAULT_SETTINGS, presets })

describe('remoteRequest: where a launch runs, and what goes to the board there', () => {
  it('here when neither the request nor its preset names a machine', () => {
    expect(remoteRequest({ agent: 'claude' }, settings())).toBeNull()
    expect(remoteRequest({ preset: 'plan' }, settings(preset({ name: 'plan' })))).toBeNull()
  })

  it('there, as asked: the caller’s folder of this machine is not sent', () => {
    expect(remoteRequest({ command: ['htop'], host: 'box', callerCwd: '/home/me/here', cols: 80, rows: 24 }, settings())).toEqual({
      command: ['htop'],
      host: 'box',
      cols: 80,
      rows: 24,
    })
  })

  it('a preset goes as what it adds (the board there has no such preset), the request’s own after it; the request’s machine wins', () => {
    const onBox = preset({
      name: 'plan on box',
      args: ['--permission-mode', 'plan'],
      env: { MODE: 'p', A: '1' },
      cwd: '/srv/app',
      setup: ['npm ci'],
      worktree: true,
      host: 'dev@box',
    })
    expect(
      remoteRequest({ preset: 'plan on box', args: ['--verbose'], env: { A: '2' }, worktree: { branch: 'agent/x' }, setup: ['cp ../.env .'] }, settings(onBox)),
    ).toEqual({
      host: 'dev@box',
      agent: 'claude',
      args: ['--permission-mode', 'plan', '--verbose'],
      env: { MODE: 'p', A: '2' },
      cwd: '/srv/app',
      setup: ['npm ci', 'cp ../.env .'],
      worktree: { branch: 'agent/x' },
    })
    expect(remoteRequest({ preset: 'plan', host: 'other' }, settings(preset({ name: 'plan' })))).toEqual({ host: 'other', agent: 'claude' })
    expect(remoteRequest({ preset: 'plan on box', cwd: '/tmp/x', worktree: { branch: 'b' } }, settings(onBox))).toMatchObject({
      host: 'dev@box',
      cwd: '/tmp/x',
    })
  })

  it('refuses as a local launch does: an unknown preset, a worktree preset without its branch', () => {
    expect(() => remoteRequest({ preset: 'nope', host: 'box' }, settings())).toThrow(/no launch preset named "nope"/)
    expect(() => remoteRequest({ preset: 'wt' }, settings(preset({ name: 'wt', worktree: true, host: 'box' })))).toThrow(
      /runs in its own worktree: name its new branch/,
    )
  })

  it('a preset’s machine is an ssh destination or nothing: the settings refuse what ssh would read as an option', () => {
    expect(settingsSchema.safeParse({ presets: [preset({ name: 'x', host: '-oProxyCommand=evil' })] }).success).toBe(false)
    expect(settingsSchema.parse({ presets: [{ name: 'old', agent: 'claude' }] }).presets[0]!.host).toBe('')
  })
})
