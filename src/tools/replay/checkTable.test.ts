import { describe, expect, it } from 'vitest'
import { checkExitCode, checkRow, failedRow, formatCheckTable, skippedRow } from './checkTable'
import { scoreReplay } from './score'

/** `npm run agents:check` must exit non-zero when a supported agent regressed: the table and exit logic, without running a CLI. */
describe('agents:check table and exit code', () => {
  const base = { agent: 'codex', version: '0.172.0', scenario: 'default', size: '80x24' }
  // What the board showed in a run: a dialog from 3 s to 6 s, detected at once.
  const verdicts = [
    { from: 0, to: 3, state: 'working' },
    { from: 3, to: 6, state: 'blocked' },
    { from: 6, to: 10, state: 'idle' },
  ]
  const rightTruth = verdicts
  // A deliberately wrong truth: the dialog was a question, and a second one at 8 s the board never showed.
  const wrongTruth = [
    { from: 0, to: 3, state: 'working' },
    { from: 3, to: 6, state: 'question' },
    { from: 6, to: 8, state: 'idle' },
    { from: 8, to: 10, state: 'blocked' },
  ]

  it('a run that agrees with its truth is ok and exits 0', () => {
    const row = checkRow(base, scoreReplay(rightTruth, verdicts), [])
    expect(row).toMatchObject({ agreement: 1, episodes: 1, missed: 0, falseEpisodes: 0, medianLatencyMs: 0, failures: [] })
    expect(checkExitCode([row])).toBe(0)
    expect(formatCheckTable([row])).toMatch(/codex\s+0\.172\.0\s+default\s+80x24\s+100\.00 %\s+0\/1\s+0\s+0 ms\s+ok$/m)
  })

  it('a run scored against a wrong truth is REGRESSED (missed and false episodes counted) and exits 1', () => {
    const row = checkRow(base, scoreReplay(wrongTruth, verdicts), [])
    expect(row.missed).toBe(2)
    expect(row.falseEpisodes).toBe(1)
    expect(row.failures).toContain('missed blocked at 8.000 s')
    expect(checkExitCode([checkRow(base, scoreReplay(rightTruth, verdicts), []), row])).toBe(1)
    const table = formatCheckTable([row])
    expect(table).toMatch(/2\/2\s+1\s+n\/a\s+REGRESSED$/m)
    expect(table).toContain('codex 0.172.0 default 80x24: missed question at 3.000 s')
  })

  it('a live-badge failure alone regresses a run; so does a scenario that could not finish', () => {
    const live = checkRow(base, scoreReplay(rightTruth, verdicts), ['permission no: still blocked 420 ms after Esc'])
    expect(checkExitCode([live])).toBe(1)
    expect(checkExitCode([failedRow(base, 'screen never matched /Ask anything/')])).toBe(1)
  })

  it('runs left out by the time budget do not pass silently: exit 2 when nothing regressed, 1 when something did', () => {
    const ok = checkRow(base, scoreReplay(rightTruth, verdicts), [])
    const skipped = skippedRow({ ...base, size: '60x20' }, 'over the 30 min budget')
    expect(checkExitCode([ok, skipped])).toBe(2)
    expect(checkExitCode([checkRow(base, scoreReplay(wrongTruth, verdicts), []), skipped])).toBe(1)
    expect(formatCheckTable([skipped])).toContain('not run (over the 30 min budget)')
    expect(checkExitCode([])).toBe(1)
  })
})
