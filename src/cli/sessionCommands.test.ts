import { describe, expect, it } from 'vitest'
import type { PaneInfo, StateHistoryEntry } from '../shared/domain/pane'
import { parseCli, UsageError } from './args'
import { historyText, missingEnvLine } from './sessionCommands'

describe('the session verbs', () => {
  it('parse resume, restart and history', () => {
    expect(parseCli(['resume', '3']).command).toEqual({ name: 'resume', pane: '3', env: {} })
    expect(parseCli(['resume', '3', '--env', 'API_KEY=a=b', '--env', 'X=']).command).toEqual({ name: 'resume', pane: '3', env: { API_KEY: 'a=b', X: '' } })
    expect(() => parseCli(['resume', '3', '--env', 'NOEQ'])).toThrow('resume: --env takes NAME=VALUE (got "NOEQ")')
    expect(parseCli(['restart', '12']).command).toEqual({ name: 'restart', pane: '12' })
    expect(parseCli(['history', '2', '--json']).command).toEqual({ name: 'history', pane: '2', json: true })
    expect(() => parseCli(['resume'])).toThrow(UsageError)
    expect(() => parseCli(['history', 'x'])).toThrow(/not a pane id/)
    expect(() => parseCli(['history', '2', '--all'])).toThrow(/unknown option --all/)
    expect(parseCli(['history', '--json', '2']).command).toEqual({ name: 'history', pane: '2', json: true })
    expect(() => parseCli(['resume', '3', '4'])).toThrow(/usage is resume PANE \[--env NAME=VALUE\]/)
    expect(() => parseCli(['restart', '3', '--json'])).toThrow(/^restart: unknown option --json$/)
    expect(() => parseCli(['history', '2', '--json=yes'])).toThrow(/--json takes no value/)
  })

  it('say what a resumed pane runs without, and where to keep it', () => {
    const info = (missingEnv: PaneInfo['missingEnv']) => ({ id: '4', missingEnv }) as unknown as PaneInfo
    expect(missingEnvLine(info(null))).toBeNull()
    expect(missingEnvLine(info({ names: ['ANTHROPIC_API_KEY'], setIn: 'Settings → Agents → claude → Environment' }))).toBe(
      'pane 4 resumed without ANTHROPIC_API_KEY: set it in Settings → Agents → claude → Environment or pass --env ANTHROPIC_API_KEY=…',
    )
    expect(missingEnvLine(info({ names: ['A_TOKEN', 'B_KEY'], setIn: null }))).toBe(
      'pane 4 resumed without A_TOKEN, B_KEY: pass --env A_TOKEN=… --env B_KEY=… (a secret given for that launch only is not saved)',
    )
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
    const info = {
      id: '1',
      interrupted: { at: t0 + 45 * 60_000, resume: { kind: 'session', sessionId: 's' }, command: ['claude', '--resume', 's'] },
    } as unknown as PaneInfo
    expect(historyText(history, info, t0 + 99 * 60_000)).toBe(
      [
        '2026-12-01 09:00:00  working      3m            hook: UserPromptSubmit',
        '2026-12-01 09:03:00  blocked      42m (until the board stopped)  hook: PermissionRequest Bash',
        '2026-12-01 09:45:00  interrupted: `switchboard resume 1` runs claude --resume s',
      ].join('\n'),
    )
  })

  it("print the board's outage as its own entry: blocked until the board stopped, down until the resume (issue 17 item 6)", () => {
    const t0 = Date.UTC(2026, 11, 1, 9, 0)
    const at = (s: number) => t0 + s * 1000
    const history: StateHistoryEntry[] = [
      { paneId: '1', state: 'blocked', previous: 'working', since: at(0), evidence: [{ source: 'hook', at: at(0), detail: 'PermissionRequest Bash' }] },
      {
        paneId: '1',
        state: 'exited',
        previous: 'blocked',
        since: at(20),
        evidence: [{ source: 'exit', at: at(20), detail: 'interrupted: …' }],
        mark: 'interrupted',
      },
      {
        paneId: '1',
        state: 'starting',
        previous: 'exited',
        since: at(140),
        evidence: [{ source: 'process', at: at(140), detail: 'resumed: claude --resume s' }],
        mark: 'resumed',
      },
      { paneId: '1', state: 'idle', previous: 'starting', since: at(145), evidence: [{ source: 'screen', at: at(145), detail: 'claude.prompt' }] },
    ]
    expect(historyText(history, { id: '1', interrupted: null } as unknown as PaneInfo, at(200))).toBe(
      [
        '2026-12-01 09:00:00  blocked      20s           hook: PermissionRequest Bash',
        '2026-12-01 09:00:20  interrupted  2m            the board stopped while it ran (a crash, a reboot or a quit)',
        '2026-12-01 09:02:20  resumed      5s            process: resumed: claude --resume s',
        '2026-12-01 09:02:25  idle         55s (now)     screen: claude.prompt',
      ].join('\n'),
    )
    // Still down: the outage so far, and what Resume runs.
    const down = {
      id: '1',
      interrupted: { at: at(20), resume: { kind: 'session', sessionId: 's' }, command: ['claude', '--resume', 's'] },
    } as unknown as PaneInfo
    expect(historyText(history.slice(0, 2), down, at(80)).split('\n').slice(1)).toEqual([
      '2026-12-01 09:00:20  interrupted  1m (so far)   the board stopped while it ran (a crash, a reboot or a quit)',
      '                     `switchboard resume 1` runs claude --resume s',
    ])
  })
})
