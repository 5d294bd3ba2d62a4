import { describe, expect, it } from 'vitest'
import { changeSummary } from './changeSummary'

describe('changeSummary', () => {
  it('says how many files and lines, in the words needs-you and the header use', () => {
    expect(changeSummary({ files: 3, added: 12, removed: 4 })).toBe('3 files changed, +12 −4')
    expect(changeSummary({ files: 3, added: 12, removed: 4 }, false)).toBe('3 files changed')
    expect(changeSummary({ files: 1, added: 1, removed: 0 }, false)).toBe('1 file changed')
    expect(changeSummary({ files: 0, added: 0, removed: 0 })).toBe('no changes')
  })
})
