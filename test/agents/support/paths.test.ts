import { mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { linkAs } from './paths'

const root = mkdtempSync(join(tmpdir(), 'sb-paths-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('linkAs (the versioned claude launched as `claude`)', () => {
  // Seen in CI: a link left by a removed checkout dangled; existsSync said no, symlink said EEXIST.
  it('mends a dangling link left by an earlier run', () => {
    const dir = join(root, 'dangling')
    mkdirSync(dir)
    symlinkSync(join(root, 'gone', 'claude.exe'), join(dir, 'claude'))
    const target = join(root, 'claude.exe')
    writeFileSync(target, '')
    expect(linkAs(target, dir, 'claude')).toBe(join(dir, 'claude'))
    expect(readlinkSync(join(dir, 'claude'))).toBe(target)
  })

  it('asked again and again, keeps one link to the same target (made once, never re-made over itself)', () => {
    const target = join(root, 'claude.exe')
    writeFileSync(target, '')
    const dir = join(root, 'many')
    for (let i = 0; i < 20; i++) expect(readlinkSync(linkAs(target, dir, 'claude'))).toBe(target)
  })
})
