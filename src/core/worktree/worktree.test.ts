import { describe, expect, it } from 'vitest'
import { branchFolderName, checkBranchName } from './branchName'
import { refusalMessage, removalVerdict } from './removalVerdict'

describe('checkBranchName', () => {
  it.each(['agent/fix-login', 'feature_1', 'a.b', 'x/y/z'])('accepts %j', (name) => expect(checkBranchName(name)).toEqual({ ok: true }))
  it.each([
    ['', /give the new branch a name/],
    ['has space', /no spaces/],
    ['a..b', /"\.\."/],
    ['-x', /start with "-"/],
    ['a/', /empty parts/],
    ['a//b', /empty parts/],
    ['x.lock', /\.lock/],
    ['a/.hidden', /start with "\."/],
    ['a@{1}', /@\{/],
    ['end.', /end with "\."/],
    ['a:b', /~ \^ :/],
    ['@', /"@" alone/],
  ])('refuses %j', (name, why) => {
    const check = checkBranchName(name)
    expect(check.ok).toBe(false)
    if (!check.ok) expect(check.error).toMatch(why)
  })
  it('folds slashes into one folder name', () => expect(branchFolderName('agent/fix/login')).toBe('agent-fix-login'))
})

describe('removalVerdict', () => {
  it('is safe with nothing uncommitted and nothing unmerged', () => {
    expect(removalVerdict({ uncommitted: [], unmergedCommits: 0, base: 'main' })).toEqual({ safe: true, reasons: [] })
  })
  it('refuses with uncommitted files or unmerged commits, and says which', () => {
    const v = removalVerdict({ uncommitted: ['a.ts', 'b.ts', 'c.ts', 'd.ts'], unmergedCommits: 2, base: 'main' })
    expect(v).toEqual({ safe: false, reasons: ['4 uncommitted files (a.ts, b.ts, c.ts, …)', '2 commits not merged into main and not pushed'] })
    expect(refusalMessage('/w/x', v)).toMatch(/^kept the worktree \/w\/x: it has 4 uncommitted files .* and 2 commits .*remove it anyway \(force\)/)
    expect(removalVerdict({ uncommitted: ['a'], unmergedCommits: 0, base: 'main' }).reasons).toEqual(['1 uncommitted file (a)'])
    expect(removalVerdict({ uncommitted: [], unmergedCommits: 1, base: 'dev' }).reasons).toEqual(['1 commit not merged into dev and not pushed'])
  })
})
