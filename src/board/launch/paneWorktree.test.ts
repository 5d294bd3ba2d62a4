import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import { eventually } from '../test/support'
import { gitIn, launchTestBoard } from './launchTestBoard'

const t = launchTestBoard({ createHandlers, dispatchInvoke })

describe('a worktree per pane', () => {
  it('creates the branch and folder from HEAD, runs the setup commands first, and tracks what changed', async () => {
    const repo = t.makeRepo()
    writeFileSync(join(repo, '.env'), 'SECRET=1\n')
    const exe = t.fakeAgent('claude')
    t.save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [
        { name: 'claude wt', agent: 'claude', args: [], env: {}, cwd: '', setup: ['cp "$SWITCHBOARD_REPO/.env" .', 'test -f .env'], worktree: true, host: '' },
      ],
    }))
    const info = await t.call('pane:create', { preset: 'claude wt', cwd: repo, worktree: { branch: 'agent/one' } })
    const folder = join(t.root, 'app.worktrees', 'agent-one')
    expect(info.worktree).toMatchObject({ repo, path: folder, branch: 'agent/one', base: 'main' })
    expect(info.cwd).toBe(folder)
    expect(existsSync(join(folder, 'readme.md'))).toBe(true)
    expect(readFileSync(join(folder, '.env'), 'utf8')).toBe('SECRET=1\n')
    expect(gitIn(repo, 'branch', '--list', '--format=%(refname:short)', 'agent/one').trim()).toBe('agent/one')
    expect(gitIn(folder, 'rev-parse', 'HEAD')).toBe(gitIn(repo, 'rev-parse', 'main'))

    // The .env the setup copied is untracked: it counts, like any new file.
    writeFileSync(join(folder, 'readme.md'), 'one\nTWO\nthree\n')
    t.board.changeTracker(info.id)!.poke(0)
    const changes = await eventually(() => {
      const c = t.board.get(info.id).info().changes
      return c && c.files === 2 && c
    }, 'the change count')
    expect(changes).toMatchObject({ files: 2, added: 3, removed: 1, branch: 'agent/one', error: null })
    const detail = await t.call('pane:changes', info.id)
    expect(detail.files).toEqual([
      { path: 'readme.md', status: 'modified', added: 2, removed: 1 },
      { path: '.env', status: 'untracked', added: 1, removed: 0 },
    ])
    expect(detail.diff).toContain('-two\n+TWO\n+three')
    expect(detail.diff).toContain('+SECRET=1')
  })

  it('refuses to remove a worktree with uncommitted or unmerged work, removes it once merged, or when forced', async () => {
    const repo = t.makeRepo()
    const info = await t.call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/two' } })
    const folder = info.worktree!.path
    writeFileSync(join(folder, 'new.txt'), 'work\n')
    expect(await t.call('worktree:check', info.id)).toMatchObject({ safe: false, reasons: ['1 uncommitted file (new.txt)'] })
    await expect(t.call('worktree:remove', info.id, { force: false })).rejects.toMatchObject({
      code: 'unsafe',
      message: expect.stringMatching(/kept the worktree .*1 uncommitted file \(new\.txt\)/),
    })
    expect(existsSync(join(folder, 'new.txt'))).toBe(true)
    expect(t.board.list()).toHaveLength(1)

    gitIn(folder, 'add', '.')
    gitIn(folder, 'commit', '-qm', 'work')
    expect(await t.call('worktree:check', info.id)).toMatchObject({ safe: false, reasons: ['1 commit not merged into main and not pushed'] })
    gitIn(repo, 'merge', '-q', '--ff-only', 'agent/two')
    expect(await t.call('worktree:check', info.id)).toMatchObject({ safe: true, reasons: [] })
    await t.call('worktree:remove', info.id, { force: false })
    expect(existsSync(folder)).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'agent/two')).toBe('')
    expect(gitIn(repo, 'worktree', 'list')).not.toContain('agent-two')
    expect(t.board.list()).toEqual([])

    // The folder removed by hand: the branch's commits still count.
    const gone = await t.call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/gone' } })
    writeFileSync(join(gone.worktree!.path, 'g.txt'), 'g\n')
    gitIn(gone.worktree!.path, 'add', '.')
    gitIn(gone.worktree!.path, 'commit', '-qm', 'gone')
    await t.board.kill(gone.id)
    rmSync(gone.worktree!.path, { recursive: true, force: true })
    await expect(t.call('worktree:remove', gone.id, { force: false })).rejects.toThrow(/1 commit not merged into main/)
    expect(gitIn(repo, 'branch', '--list', '--format=%(refname:short)', 'agent/gone').trim()).toBe('agent/gone')

    const forced = await t.call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/three' } })
    writeFileSync(join(forced.worktree!.path, 'scratch.txt'), 'x\n')
    await t.call('worktree:remove', forced.id, { force: true })
    expect(existsSync(forced.worktree!.path)).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'agent/three')).toBe('')
  })

  it('says what is wrong: not a repository, an existing branch, a dirty base, a bad name, a failing setup', async () => {
    const repo = t.makeRepo()
    await expect(t.call('pane:create', { command: ['true'], cwd: t.root, worktree: { branch: 'x' } })).rejects.toThrow(/is not inside a git repository/)
    gitIn(repo, 'branch', 'taken')
    await expect(t.call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'taken' } })).rejects.toThrow(/branch taken already exists/)
    await expect(t.call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'bad name' } })).rejects.toThrow(/no spaces/)
    await expect(t.call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'x', base: 'nope' } })).rejects.toThrow(
      /base nope is not a branch, tag or commit/,
    )
    await expect(t.call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'x', base: '--output=/tmp/x' } })).rejects.toThrow(
      /may not start with "-"/,
    )
    writeFileSync(join(repo, 'readme.md'), 'dirty\n')
    await expect(t.call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'x' } })).rejects.toThrow(
      /has uncommitted changes \(readme\.md\).*--base/,
    )
    // With a base named explicitly, the dirty checkout does not matter.
    const ok = await t.call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'from-main', base: 'main' } })
    expect(ok.worktree).toMatchObject({ branch: 'from-main', base: 'main' })

    const exe = t.fakeAgent('pi')
    t.save((s) => ({
      ...s,
      agents: { ...s.agents, pi: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'broken', agent: 'pi', args: [], env: {}, cwd: '', setup: ['echo installing; exit 3'], worktree: true, host: '' }],
    }))
    await expect(t.call('pane:create', { preset: 'broken', cwd: repo, worktree: { branch: 'y', base: 'main' } })).rejects.toThrow(
      /setup command `echo installing; exit 3` failed .*\(exit code 3\): installing; the new worktree was removed again/,
    )
    expect(existsSync(join(t.root, 'app.worktrees', 'y'))).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'y')).toBe('')
  })
})
