import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findExecutable, searchPath } from './findExecutable'

/** The one resolver of argv[0] (issue 21: the PTY spawn had a second copy of it in pty/launch.ts). */
describe('findExecutable', () => {
  const root = mkdtempSync(join(tmpdir(), 'sb-findexe-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const a = join(root, 'a')
  const b = join(root, 'b')
  mkdirSync(a)
  mkdirSync(b)
  const file = (dir: string, name: string, mode: number) => {
    writeFileSync(join(dir, name), '#!/bin/sh\n')
    chmodSync(join(dir, name), mode)
    return join(dir, name)
  }
  const plainInA = file(a, 'tool', 0o644)
  const runnableInB = file(b, 'tool', 0o755)
  mkdirSync(join(a, 'dir-named-tool2'))

  it('takes the first runnable match on the given PATH, skipping files it cannot execute and empty entries', () => {
    expect(findExecutable('tool', ['', a, b].join(delimiter), '/')).toBe(runnableInB)
    expect(findExecutable('tool', a, '/')).toBeNull()
    expect(findExecutable('tool', undefined, b)).toBeNull()
  })

  it('resolves a name with a slash against cwd, not PATH; a directory is not an executable', () => {
    expect(findExecutable('./tool', undefined, b)).toBe(runnableInB)
    expect(findExecutable(runnableInB, undefined, '/')).toBe(runnableInB)
    expect(findExecutable(plainInA, b, '/')).toBeNull()
    expect(findExecutable('./dir-named-tool2', a, a)).toBeNull()
  })

  it('splits PATH without its empty entries', () => {
    expect(searchPath(`${a}${delimiter}${delimiter}${b}`)).toEqual([a, b])
    expect(searchPath(undefined)).toEqual([])
  })
})
