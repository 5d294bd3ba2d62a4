import { describe, expect, it } from 'vitest'
import { emptyTracker, interpretReport } from '../../core/status/reports/interpretReport'
import { piReports } from '../../core/agents/pi/reports'
import { claudeReports } from '../../core/agents/claude/reports'
import { AGENT_RESUME, resumeCommand } from './resume'

describe('resuming an agent by its session id', () => {
  it('puts each agent’s own resume arguments right after the executable, the user’s after them', () => {
    expect(resumeCommand('claude', ['claude', '--model', 'opus'], 'c-1')).toEqual(['claude', '--resume', 'c-1', '--model', 'opus'])
    expect(resumeCommand('codex', ['/bin/codex'], 'x-2')).toEqual(['/bin/codex', 'resume', 'x-2'])
    expect(resumeCommand('opencode', ['opencode'], 'ses_3')).toEqual(['opencode', '--session', 'ses_3'])
    expect(resumeCommand('pi', ['pi', '--offline'], 'p-4')).toEqual(['pi', '--session', 'p-4', '--offline'])
  })

  it('has nothing to resume without an agent or a session id', () => {
    expect(resumeCommand(null, ['bash'], 'x')).toBeNull()
    expect(resumeCommand('claude', ['claude'], null)).toBeNull()
    expect(resumeCommand('shell', ['bash'], 'x')).toBeNull()
    expect(AGENT_RESUME.shell).toBeNull()
  })

  it('never puts an id that could pass for an option, or is no id at all, into the argv (issue 24.7)', () => {
    for (const id of ['--dangerously-skip-permissions', '-p', 'a b', 'x;rm', '../../etc/passwd', '', 'a'.repeat(200), 'id\n--yolo']) {
      expect(resumeCommand('claude', ['claude', '--model', 'opus'], id)).toBeNull()
      expect(resumeCommand('codex', ['codex'], id)).toBeNull()
    }
    expect(resumeCommand('claude', ['claude'], '01a22ace-820d-70f1-9f9a-59f9815c3f14')).toEqual(['claude', '--resume', '01a22ace-820d-70f1-9f9a-59f9815c3f14'])
    expect(resumeCommand('opencode', ['opencode'], 'ses_dd531c2b3ffe34JcgO4GXEYd91')).toEqual(['opencode', '--session', 'ses_dd531c2b3ffe34JcgO4GXEYd91'])
  })

  it('takes no session id from a report that carries an option-like one', () => {
    const { tracker } = interpretReport(piReports, emptyTracker, { event: 'input', at: 1, payload: { source: 'interactive', sessionId: '--yolo' } })
    expect(tracker.sessionId).toBeNull()
    const claude = interpretReport(claudeReports, emptyTracker, { event: 'SessionStart', at: 1, payload: { hook_event_name: 'SessionStart', session_id: '--dangerously-skip-permissions', source: 'startup' } })
    expect(claude.tracker.sessionId).toBeNull()
  })

  it('reads Pi’s session id from the input report our extension sends', () => {
    const { tracker } = interpretReport(piReports, emptyTracker, { event: 'input', at: 1, payload: { source: 'interactive', sessionId: '0198-abc' } })
    expect(tracker.sessionId).toBe('0198-abc')
  })
})
