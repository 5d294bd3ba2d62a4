import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changesDiff, listChanges } from '../changes/gitChanges'
import { createWorktree, removeWorktree } from './worktrees'
import { repoRoot } from './git'

/**
 * Issue 24.6: a repository whose own config names commands — fsmonitor, a diff textconv, a
 * clean/smudge filter (named by .gitattributes), a post-checkout hook — as a program in a pane
 * could write them into .git/config. The board only looks at the repo: none of them may run.
 */
let base: string
let repo: string
let ran: string
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t', ...args], { cwd: repo, encoding: 'utf8' })

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'sb-repocfg-'))
  repo = join(base, 'repo')
  ran = join(base, 'ran.log')
  execFileSync('git', ['init', '-q', '-b', 'main', repo])
  writeFileSync(join(repo, 'f.txt'), 'one\n')
  writeFileSync(join(repo, '.gitattributes'), '*.txt filter=evil diff=evil\n')
  git('add', '.')
  git('commit', '-qm', 'start')
  const note = (what: string) => `sh -c 'echo ${what} >> ${ran}; cat' --`
  git('config', 'filter.evil.clean', note('clean'))
  git('config', 'filter.evil.smudge', note('smudge'))
  git('config', 'diff.evil.textconv', `sh -c 'echo textconv >> ${ran}; cat "$1"' --`)
  git('config', 'core.fsmonitor', `sh -c 'echo fsmonitor >> ${ran}' --`)
  writeFileSync(join(repo, '.git/hooks/post-checkout'), `#!/bin/sh\necho post-checkout >> ${ran}\n`)
  chmodSync(join(repo, '.git/hooks/post-checkout'), 0o755)
  git('config', 'core.hooksPath', join(repo, '.git/hooks'))
  // Proof the trap is armed: git on its own runs them.
  writeFileSync(join(repo, 'f.txt'), 'one\ntwo\n')
  execFileSync('git', ['diff', 'HEAD'], { cwd: repo })
  expect(readFileSync(ran, 'utf8')).toMatch(/fsmonitor[\s\S]*clean|clean[\s\S]*fsmonitor/)
  expect(readFileSync(ran, 'utf8')).toContain('textconv')
  rmSync(ran)
})
afterEach(() => rmSync(base, { recursive: true, force: true }))

const whatRan = () => (existsSync(ran) ? readFileSync(ran, 'utf8') : '')

describe('the board’s git against a repository that configures commands', () => {
  it('counts and diffs the changes without running fsmonitor, filters or textconv', async () => {
    expect(await repoRoot(repo)).toBe(repo)
    const start = git('rev-parse', 'HEAD').trim()
    const files = await listChanges(repo, start)
    expect(files).toEqual([{ path: 'f.txt', status: 'modified', added: 1, removed: 0 }])
    const { diff } = await changesDiff(repo, start, files)
    expect(diff).toContain('+two')
    expect(whatRan()).toBe('')
  })

  it('makes and removes a worktree without running its hooks or smudge filter', async () => {
    git('checkout', '--', 'f.txt')
    rmSync(ran, { force: true })
    const wt = await createWorktree({ cwd: repo, branch: 'agent/x', folder: join(base, 'wts') })
    expect(readFileSync(join(wt.path, 'f.txt'), 'utf8')).toBe('one\n')
    await removeWorktree(wt, false)
    expect(whatRan()).toBe('')
  })
})
