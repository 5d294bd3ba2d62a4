import { describe, expect, it } from 'vitest'
import type { Evidence } from '../../../shared/domain/pane'
import { INTERNAL_WORDS, plainEvidence, plainReport, stateSummary } from './plainWords'

const ev = (e: Partial<Evidence>): Evidence => ({ source: 'hook', at: 0, detail: '', ...e })

describe('plain words', () => {
  it("says what an agent's report means, never its event name", () => {
    expect(plainReport('PermissionRequest')).toBe('asked for permission')
    expect(plainReport('PreToolUse')).toBe('is about to use a tool')
    expect(plainReport('Stop')).toBe('ended its turn')
    expect(plainReport('question.asked')).toBe('asked a question')
    expect(plainReport('tool_execution_start')).toBe('is using a tool')
    // An event no table names yet still reads as words; its name is in the details.
    expect(plainReport('BrandNewHook')).toBe('sent a report')
    for (const e of ['PermissionRequest', 'Notification', 'SessionStart', 'permission.asked', 'agent_end', 'BrandNewHook'])
      expect(plainReport(e)).not.toMatch(INTERNAL_WORDS)
  })

  it('describes evidence by what the agent wants, else by the state, never by rule ids or fields', () => {
    expect(plainEvidence(ev({ detail: 'PermissionRequest tool_name=Bash', ask: 'Run `touch x.txt`?' }), 'blocked')).toBe('Run `touch x.txt`?')
    expect(plainEvidence(ev({ detail: 'PermissionRequest tool_name=Bash' }), 'blocked')).toBe('the agent reported a permission dialog waits for you')
    expect(plainEvidence(ev({ source: 'screen', detail: 'rule claude.permission matched "Do you want"' }), 'blocked')).toBe(
      'the screen shows a permission dialog waits for you',
    )
    expect(plainEvidence(ev({ source: 'osc', detail: 'agent terminal state state=done:app=codex' }), 'idle')).toBe('the terminal says waiting for a new task')
    expect(plainEvidence(ev({ source: 'exit', detail: 'exit code 0' }), 'exited')).toBe('exit code 0')
    for (const s of ['blocked', 'question', 'idle', 'working', 'asked'] as const)
      expect(plainEvidence(ev({ source: 'process', detail: 'foreground=bash state=S' }), s)).not.toMatch(INTERNAL_WORDS)
  })

  it("a state's summary: its meaning and what the agent asks", () => {
    expect(stateSummary({ state: 'question', since: 0, evidence: [ev({ detail: 'PermissionRequest tool_name=AskUserQuestion', ask: 'Which file?' })] })).toBe(
      'question: Which file?',
    )
    expect(stateSummary({ state: 'idle', since: 0, evidence: [ev({ detail: 'Stop' })] })).toBe('idle: waiting for a new task')
  })
})
