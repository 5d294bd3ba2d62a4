import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import { parseCli } from '../../cli/args'
import { spawnRequest } from '../../cli/run'
import { gitIn, launchTestBoard } from './launchTestBoard'

const t = launchTestBoard({ createHandlers, dispatchInvoke })

describe('launch cases found using it from the CLI', () => {
  it('starts in the same subfolder of the new worktree as the cwd it was given in the repo', async () => {
    const repo = t.makeRepo()
    mkdirSync(join(repo, 'packages', 'web'), { recursive: true })
    writeFileSync(join(repo, 'packages', 'web', 'index.js'), 'x\n')
    gitIn(repo, 'add', '.')
    gitIn(repo, 'commit', '-qm', 'monorepo')
    const info = await t.call('pane:create', {
      command: ['bash', '--norc'],
      cwd: join(repo, 'packages', 'web'),
      worktree: { branch: 'agent/sub' },
      setup: ['touch at-top'],
    })
    const folder = join(t.root, 'app.worktrees', 'agent-sub')
    expect(info.worktree).toMatchObject({ repo, path: folder })
    expect(info.cwd).toBe(join(folder, 'packages', 'web'))
    // Setup commands are the repo's: they run at the worktree's top.
    expect(existsSync(join(folder, 'at-top'))).toBe(true)
    // Its changes are the whole checkout's, named from the top (git's ls-files would list only the subfolder's, relative to it).
    writeFileSync(join(folder, 'packages', 'web', 'index.js'), 'y\n')
    writeFileSync(join(folder, 'packages', 'web', 'new.js'), 'n\n')
    const detail = await t.call('pane:changes', info.id)
    expect(detail.files.map((f) => `${f.status} ${f.path}`).sort()).toEqual([
      'modified packages/web/index.js',
      'untracked at-top',
      'untracked packages/web/new.js',
    ])
    expect(detail.diff).toContain('+++ b/packages/web/new.js')
  })

  it('says a repository without a commit has nothing to branch from', async () => {
    const empty = join(t.root, 'empty')
    mkdirSync(empty)
    gitIn(empty, 'init', '-q', '-b', 'main')
    await expect(t.call('pane:create', { command: ['true'], cwd: empty, worktree: { branch: 'x' } })).rejects.toThrow(
      /has no commit yet.*commit something first/,
    )
    await expect(t.call('pane:create', { command: ['true'], cwd: empty, worktree: { branch: 'x', base: 'main' } })).rejects.toThrow(/has no commit yet/)
  })

  it('a preset that runs in its own worktree asks for a branch instead of running in the shared checkout', async () => {
    const repo = t.makeRepo()
    const exe = t.fakeAgent('claude')
    t.save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'wt', agent: 'claude', args: [], env: {}, cwd: repo, setup: ['touch .ready'], worktree: true, host: '' }],
    }))
    await expect(t.call('pane:create', { preset: 'wt' })).rejects.toThrow(/preset "wt" runs in its own worktree: name its new branch \(--worktree BRANCH\)/)
    expect(t.board.list()).toEqual([])
    const info = await t.call('pane:create', { preset: 'wt', worktree: { branch: 'agent/p' } })
    expect(info.cwd).toBe(join(t.root, 'app.worktrees', 'agent-p'))
    expect(existsSync(join(info.cwd, '.ready'))).toBe(true)
  })

  it('the worktrees folder setting: ~ is the home folder, a relative path is refused (it was taken relative to the board’s own cwd)', async () => {
    const repo = t.makeRepo()
    const home = join(t.root, 'home')
    mkdirSync(home)
    await t.reboard({ PATH: process.env.PATH, SHELL: '/bin/bash', HOME: home })
    t.save((s) => ({ ...s, worktrees: { folder: '~/trees' } }))
    const info = await t.call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/home' } })
    expect(info.worktree!.path).toBe(join(home, 'trees', 'app', 'agent-home'))
    t.save((s) => ({ ...s, worktrees: { folder: 'trees' } }))
    await expect(t.call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'agent/rel' } })).rejects.toThrow(
      /Settings → Worktrees folder is "trees", not an absolute path; give one such as ~\/worktrees/,
    )
  })

  it('a cwd typed with ~ (the form, a preset) is in the home folder', async () => {
    const home = join(t.root, 'home')
    mkdirSync(join(home, 'proj'), { recursive: true })
    await t.reboard({ PATH: process.env.PATH, SHELL: '/bin/bash', HOME: home })
    const exe = t.fakeAgent('claude')
    t.save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'p', agent: 'claude', args: [], env: {}, cwd: '~/proj', setup: [], worktree: false, host: '' }],
    }))
    const fromPreset = await t.call('pane:create', { preset: 'p' })
    expect(fromPreset.cwd).toBe(join(home, 'proj'))
    const typed = await t.call('pane:create', { command: ['bash', '--norc'], cwd: '~' })
    expect(typed.cwd).toBe(home)
  })

  it('the CLI’s own directory is used only when neither --cwd nor the preset names one (spawn --preset ran in the shell’s cwd, not the preset’s)', async () => {
    const exe = t.fakeAgent('claude')
    const presetDir = join(t.root, 'preset-dir')
    const shellDir = join(t.root, 'shell-dir')
    for (const d of [presetDir, shellDir]) mkdirSync(d)
    t.save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'p', agent: 'claude', args: [], env: {}, cwd: presetDir, setup: [], worktree: false, host: '' }],
    }))
    const cli = (argv: string[]) => {
      const { command } = parseCli(argv)
      if (command.name !== 'spawn') throw new Error('not a spawn')
      return t.call('pane:create', spawnRequest(command, shellDir))
    }
    expect((await cli(['spawn', '--preset', 'p'])).cwd).toBe(presetDir)
    expect((await cli(['spawn', '--preset', 'p', '--cwd', '.'])).cwd).toBe(shellDir)
    expect((await cli(['spawn', '--agent', 'claude'])).cwd).toBe(shellDir)
    expect((await cli(['spawn', '--', 'bash', '--norc'])).cwd).toBe(shellDir)
  })
})
