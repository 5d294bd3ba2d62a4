import { describe, expect, it } from 'vitest'
import type { PaneInfo, StateHistoryEntry } from '../../shared/domain/pane'
import { parseCli, UsageError } from './args'
import { historyText } from './sessionCommands'

describe('the session verbs', () => {
  it('parse resume, restart and history', () => {
    expect(parseCli(['resume', '3']).command).toEqual({ name: 'resume', pane: '3' })
    expect(parseCli(['restart', '12']).command).toEqual({ name: 'restart', pane: '12' })
    expect(parseCli(['history', '2', '--json']).command).toEqual({ name: 'history', pane: '2', json: true })
    expect(() => parseCli(['resume'])).toThrow(UsageError)
    expect(() => parseCli(['history', 'x'])).toThrow(/not a pane id/)
    expect(() => parseCli(['history', '2', '--all'])).toThrow(/unknown option --all/)
    expect(parseCli(['history', '--json', '2']).command).toEqual({ name: 'history', pane: '2', json: true })
    expect(() => parseCli(['resume', '3', '4'])).toThrow(/usage is resume PANE/)
    expect(() => parseCli(['restart', '3', '--json'])).toThrow(/^restart: unknown option --json$/)
    expect(() => parseCli(['history', '2', '--json=yes'])).toThrow(/--json takes no value/)
  })

  it('print how long each state lasted, up to when the board stopped', () => {
    const t0 = Date.UTC(2026, 11, 1, 9, 0)
    const entry = (state: StateHistoryEntry['state'], previous: StateHistoryEntry['state'], min: number, detail: string): StateHistoryEntry => ({
      paneId: '1',
      state,
      previous,
      since: t0 + min * 60_000,
      evidence: [{ source: 'hook', at: t0 + min * 60_000, detail }],
    })
    const history = [entry('working', 'idle', 0, 'UserPromptSubmit'), entry('blocked', 'working', 3, 'PermissionRequest Bash')]
    const info = { id: '1', interrupted: { at: t0 + 45 * 60_000, resume: { kind: 'session', sessionId: 's' }, command: ['claude', '--resume', 's'] } } as unknown as PaneInfo
    expect(historyText(history, info, t0 + 99 * 60_000)).toBe(
      [
        '2026-12-01 09:00:00  working   3m            hook: UserPromptSubmit',
        '2026-12-01 09:03:00  blocked   42m (until the board stopped)  hook: PermissionRequest Bash',
        '2026-12-01 09:45:00  interrupted: `switchboard resume 1` runs claude --resume s',
      ].join('\n'),
    )
  })
})
