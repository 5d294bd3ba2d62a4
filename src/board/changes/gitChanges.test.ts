import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ChangeConstants, changesDiff, listChanges } from './gitChanges'

let repo: string
let start: string
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t', ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 })

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'sb-gitchanges-'))
  git('init', '-q', '-b', 'main')
  writeFileSync(join(repo, 'old.txt'), Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n')
  writeFileSync(join(repo, 'huge.txt'), 'start\n')
  writeFileSync(join(repo, 'z-small.txt'), 'z\n')
  git('add', '.')
  git('commit', '-qm', 'start')
  start = git('rev-parse', 'HEAD').trim()
})
afterEach(() => rmSync(repo, { recursive: true, force: true }))

describe('what a checkout changed', () => {
  it('a renamed file is one change from its old name, not a deletion and an addition', async () => {
    git('mv', 'old.txt', 'new.txt')
    writeFileSync(join(repo, 'new.txt'), Array.from({ length: 20 }, (_, i) => (i === 3 ? 'line three' : `line ${i}`)).join('\n') + '\n')
    const files = await listChanges(repo, start)
    expect(files).toEqual([{ path: 'new.txt', from: 'old.txt', status: 'renamed', added: 1, removed: 1 }])
    const { diff } = await changesDiff(repo, start, files)
    expect(diff).toContain('rename from old.txt\nrename to new.txt\n')
  })

  it('a diff larger than git’s output buffer is cut, and the files it leaves out are named (the view failed with maxBuffer)', async () => {
    // 36 MB of changed lines in one tracked file, a small change after it, and a big and a small new file.
    const big = 'x'.repeat(99) + '\n'
    writeFileSync(join(repo, 'huge.txt'), big.repeat(360_000))
    writeFileSync(join(repo, 'z-small.txt'), 'Z\n')
    writeFileSync(join(repo, 'big-new.txt'), big.repeat(30_000))
    writeFileSync(join(repo, 'small-new.txt'), 'hello\n')
    const files = await listChanges(repo, start)
    expect(files.map((f) => f.path)).toEqual(['huge.txt', 'z-small.txt', 'big-new.txt', 'small-new.txt'])
    const detail = await changesDiff(repo, start, files)
    expect(detail.truncatedAt).toBe(ChangeConstants.MaxDiffChars)
    expect(detail.diff.length).toBeLessThanOrEqual(ChangeConstants.MaxDiffChars)
    expect(detail.omitted).toEqual(['huge.txt', 'big-new.txt'])
    expect(detail.diff).toContain('+++ b/z-small.txt\n@@ -1 +1 @@\n-z\n+Z\n')
    expect(detail.diff).toContain('+++ b/small-new.txt\n@@ -0,0 +1 @@\n+hello\n')
    expect(detail.diff).not.toContain('huge.txt')
  })

  it('a diff that fits leaves nothing out', async () => {
    writeFileSync(join(repo, 'z-small.txt'), 'Z\n')
    const files = await listChanges(repo, start)
    expect(await changesDiff(repo, start, files)).toEqual({ diff: expect.stringContaining('+Z'), truncatedAt: null, omitted: [] })
  })

  it('thousands of new files: lines counted for the first ones, the rest listed as files (a count took 5–9 s for 20,000)', async () => {
    const n = ChangeConstants.MaxCountedUntracked + 5
    mkdirSync(join(repo, 'deps'))
    for (let i = 0; i < n; i++) writeFileSync(join(repo, 'deps', `f${String(i).padStart(5, '0')}.js`), 'a\nb\n')
    const files = await listChanges(repo, start)
    expect(files).toHaveLength(n)
    expect(files.filter((f) => f.added === 2)).toHaveLength(ChangeConstants.MaxCountedUntracked)
    expect(files.slice(-5).map((f) => f.added)).toEqual([null, null, null, null, null])
  })

  it('names with spaces: the diff headers carry no trailing tab (the view listed "new file.txt\\t"); a content line that looks like one keeps it', async () => {
    writeFileSync(join(repo, 'sp ace.sql'), '-- keep\t\nselect 1;\n')
    git('add', '.')
    git('commit', '-qm', 'sql')
    const base = git('rev-parse', 'HEAD').trim()
    writeFileSync(join(repo, 'sp ace.sql'), 'select 2;\n')
    writeFileSync(join(repo, 'new file.txt'), 'new\n')
    const { diff } = await changesDiff(repo, base, await listChanges(repo, base))
    expect(diff).toContain('--- a/sp ace.sql\n+++ b/sp ace.sql\n')
    expect(diff).toContain('\n--- keep\t\n')
    expect(diff).toContain('--- /dev/null\n+++ b/new file.txt\n')
  })
})
