import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { allFixtureRecordings, fixtureRecordings, ownFixture, SHARED_FIXTURES, sharedFixture } from './fixtures'

/** Issue 21 item 4: a suite over the recordings registered zero tests when they were missing, and passed. */
describe('the fixtures locator', () => {
  it('throws, naming the folder, where there is no recording, instead of handing a suite nothing to run', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sb-no-fixtures-'))
    try {
      expect(() => fixtureRecordings(empty)).toThrow(`no fixture recordings in ${empty}`)
      expect(() => fixtureRecordings(join(empty, 'absent'))).toThrow('no fixture recordings in')
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
    expect(() => sharedFixture('claude/no-such.cast')).toThrow(/fixture .*claude\/no-such\.cast is missing \(CI puts shared\/ beside the clone/)
    expect(() => ownFixture('claude/no-such.cast')).toThrow('is missing')
  })

  it('finds the shared and the own recordings here', () => {
    const all = allFixtureRecordings()
    expect(all.some((r) => r.cast.startsWith(SHARED_FIXTURES))).toBe(true)
    expect(all.some((r) => r.cast.includes('/test/fixtures/'))).toBe(true)
  })
})
