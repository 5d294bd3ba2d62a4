import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import { gitIn, launchTestBoard } from './launchTestBoard'

const t = launchTestBoard({ createHandlers, dispatchInvoke })

describe('changes of a pane outside a worktree', () => {
  it('counts against HEAD at start plus untracked files, and is null outside a repository', async () => {
    const repo = t.makeRepo()
    const inRepo = await t.call('pane:create', { command: ['bash', '--norc'], cwd: repo })
    const tracker = t.board.changeTracker(inRepo.id)!
    await tracker.started()
    const start = tracker.startCommit
    expect(start).toBe(gitIn(repo, 'rev-parse', 'HEAD').trim())
    writeFileSync(join(repo, 'a.txt'), '1\n2\n')
    writeFileSync(join(repo, 'readme.md'), 'one\n')
    gitIn(repo, 'add', 'readme.md')
    gitIn(repo, 'commit', '-qm', 'later commit counts too')
    const c = await tracker.refresh()
    expect(c).toMatchObject({ since: start, files: 2, added: 2, removed: 1 })

    const outside = await t.call('pane:create', { command: ['bash', '--norc'], cwd: t.root })
    await t.board.changeTracker(outside.id)!.started()
    expect(await t.board.changeTracker(outside.id)!.refresh()).toBeNull()
    expect(t.board.get(outside.id).info().changes).toBeNull()
    await expect(t.call('pane:changes', outside.id)).rejects.toThrow(/not in a git repository/)
  })
})
