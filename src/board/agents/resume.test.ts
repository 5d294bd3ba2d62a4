import { describe, expect, it } from 'vitest'
import { emptyTracker, interpretReport } from '../../core/status/reports/interpretReport'
import { shippedAgents } from './agentCatalog'
import { resumeCommand } from './resume'

const resumeOf = (agent: string) => shippedAgents().get(agent)?.manifest.resume ?? null

describe('resuming an agent by its session id', () => {
  it('puts each agent’s own resume arguments (its agent.toml) right after the executable, the user’s after them', () => {
    expect(resumeCommand(resumeOf('claude'), ['claude', '--model', 'opus'], 'c-1')).toEqual(['claude', '--resume', 'c-1', '--model', 'opus'])
    expect(resumeCommand(resumeOf('codex'), ['/bin/codex'], 'x-2')).toEqual(['/bin/codex', 'resume', 'x-2'])
    expect(resumeCommand(resumeOf('opencode'), ['opencode'], 'ses_3')).toEqual(['opencode', '--session', 'ses_3'])
    expect(resumeCommand(resumeOf('pi'), ['pi', '--offline'], 'p-4')).toEqual(['pi', '--session', 'p-4', '--offline'])
  })

  it('has nothing to resume without an agent that says how, or without a session id', () => {
    expect(resumeCommand(null, ['bash'], 'x')).toBeNull()
    expect(resumeCommand(resumeOf('claude'), ['claude'], null)).toBeNull()
    expect(resumeOf('shell')).toBeNull()
    expect(resumeCommand({ args: ['--resume={session}'], verifiedOn: '1.0.0' }, ['mytool'], 's-1')).toEqual(['mytool', '--resume=s-1'])
  })

  it('never puts an id that could pass for an option, or is no id at all, into the argv (issue 24.7)', () => {
    for (const id of ['--dangerously-skip-permissions', '-p', 'a b', 'x;rm', '../../etc/passwd', '', 'a'.repeat(200), 'id\n--yolo']) {
      expect(resumeCommand(resumeOf('claude'), ['claude', '--model', 'opus'], id)).toBeNull()
      expect(resumeCommand(resumeOf('codex'), ['codex'], id)).toBeNull()
    }
    expect(resumeCommand(resumeOf('claude'), ['claude'], '01a22ace-820d-70f1-9f9a-59f9815c3f14')).toEqual([
      'claude',
      '--resume',
      '01a22ace-820d-70f1-9f9a-59f9815c3f14',
    ])
    expect(resumeCommand(resumeOf('opencode'), ['opencode'], 'ses_dd531c2b3ffe34JcgO4GXEYd91')).toEqual([
      'opencode',
      '--session',
      'ses_dd531c2b3ffe34JcgO4GXEYd91',
    ])
  })

  it('takes no session id from a report that carries an option-like one', () => {
    const { tracker } = interpretReport(shippedAgents().knowledge('pi')!.reports!, emptyTracker, {
      event: 'input',
      at: 1,
      payload: { source: 'interactive', sessionId: '--yolo' },
    })
    expect(tracker.sessionId).toBeNull()
    const claude = interpretReport(shippedAgents().knowledge('claude')!.reports!, emptyTracker, {
      event: 'SessionStart',
      at: 1,
      payload: { hook_event_name: 'SessionStart', session_id: '--dangerously-skip-permissions', source: 'startup' },
    })
    expect(claude.tracker.sessionId).toBeNull()
  })

  it('takes Hermes’ session ids (YYYYMMDD_HHMMSS_ + hex, as its 0.19.0 recordings carry them) from its plugin’s reports into hermes --resume', () => {
    const id = '20261202_005719_f6c33c'
    const { tracker } = interpretReport(shippedAgents().knowledge('hermes')!.reports!, emptyTracker, {
      event: 'pre_llm_call',
      at: 1,
      payload: { session_id: id, is_first_turn: true, version: '0.19.0', root_session_id: id },
    })
    expect(tracker.sessionId).toBe(id)
    expect(resumeCommand(resumeOf('hermes'), ['hermes'], id)).toEqual(['hermes', '--resume', id])
    expect(resumeCommand(resumeOf('hermes'), ['hermes'], '--yolo')).toBeNull()
  })

  it('reads Pi’s session id from the input report our extension sends', () => {
    const { tracker } = interpretReport(shippedAgents().knowledge('pi')!.reports!, emptyTracker, {
      event: 'input',
      at: 1,
      payload: { source: 'interactive', sessionId: '0198-abc' },
    })
    expect(tracker.sessionId).toBe('0198-abc')
  })
})
