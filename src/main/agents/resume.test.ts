import { describe, expect, it } from 'vitest'
import { emptyTracker, interpretReport } from '../../core/status/reports/interpretReport'
import { piReports } from '../../core/agents/pi/reports'
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

  it('reads Pi’s session id from the input report our extension sends', () => {
    const { tracker } = interpretReport(piReports, emptyTracker, { event: 'input', at: 1, payload: { source: 'interactive', sessionId: '0198-abc' } })
    expect(tracker.sessionId).toBe('0198-abc')
  })
})
