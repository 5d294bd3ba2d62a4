import { describe, expect, it } from 'vitest'
import { shippedAgents } from '../../../board/agents/agentCatalog'
import { emptyTracker, interpretReport, type AgentReport, type ReportTracker } from './interpretReport'
import type { AgentReportTable } from '../../agents/reportTable'

/** A shipped agent's report table (its agent.toml). */
const table = (agent: string): AgentReportTable => shippedAgents().knowledge(agent)!.reports!
const claudeReports = table('claude')
const codexReports = table('codex')
const opencodeReports = table('opencode')
const piReports = table('pi')

/** Feeds events in order; returns every report produced and the final tracker. */
function feed(table: AgentReportTable, events: [string, unknown][]): { reports: (AgentReport | null)[]; tracker: ReportTracker } {
  let tracker = emptyTracker
  const reports = events.map(([event, payload], i) => {
    const out = interpretReport(table, tracker, { at: i * 100, event, payload })
    tracker = out.tracker
    return out.report
  })
  return { reports, tracker }
}

// Payloads below are from ../shared/fixtures/*/*.hooks.jsonl, trimmed to the fields that matter.
const SESSION = '9d04789d-6587-4310-a5f9-66150e072399'

describe('Claude Code 2.1.197 hooks', () => {
  it('maps the dialog, turn and exit events', () => {
    const { reports, tracker } = feed(claudeReports, [
      ['UserPromptSubmit', { session_id: SESSION, prompt: '[STEP4] Set up the database.', permission_mode: 'default' }],
      ['PreToolUse', { session_id: SESSION, tool_name: 'AskUserQuestion' }],
      ['PermissionRequest', { session_id: SESSION, tool_name: 'AskUserQuestion' }],
      ['Notification', { session_id: SESSION, notification_type: 'permission_prompt', message: 'Claude needs your permission' }],
      ['PermissionRequest', { session_id: SESSION, tool_name: 'Bash', tool_input: { command: 'touch x.txt' } }],
      ['Notification', { session_id: SESSION, notification_type: 'idle_prompt', message: 'Claude is waiting for your input' }],
      ['SubagentStop', { session_id: SESSION }],
      ['SessionEnd', { session_id: SESSION, reason: 'prompt_input_exit' }],
      ['PreCompact', { session_id: SESSION }],
    ])
    expect(reports.map((r) => r && `${r.effect}:${r.state}`)).toEqual([
      'working:working',
      'working:working',
      'question:question',
      'reinforce:null',
      'blocked:blocked',
      null,
      null,
      'exiting:exited',
      null,
    ])
    expect(reports[4]?.detail).toBe('PermissionRequest tool_name=Bash')
    expect(tracker.sessionId).toBe(SESSION)
  })

  it('Stop is asked when the reply ends with a question, after trimming markdown', () => {
    const stop = (last_assistant_message: string) =>
      interpretReport(claudeReports, emptyTracker, { at: 0, event: 'Stop', payload: { last_assistant_message } }).report?.state
    expect(stop('I fixed the off-by-one bug in the parser and the failing test now passes. Should I also add a regression test?')).toBe('asked')
    expect(stop('Shall I run `npm test`?`')).toBe('asked')
    expect(stop('**Which one do you want?**\n')).toBe('asked')
    expect(stop('(Proceed with the migration?)')).toBe('asked')
    expect(stop('要我也加一个回归测试吗？')).toBe('asked')
    expect(stop('Done. I created x.txt in the working directory.')).toBe('idle')
    expect(stop('Is it `a?b`, really.')).toBe('idle')
  })

  it('subagent tool events (agent_id set) never change the pane; their dialogs do', () => {
    const { reports } = feed(claudeReports, [
      ['PreToolUse', { agent_id: 'a1', tool_name: 'Bash' }],
      ['PermissionRequest', { agent_id: 'a1', tool_name: 'Bash' }],
    ])
    expect(reports.map((r) => r?.state ?? null)).toEqual([null, 'blocked'])
  })
})

describe('Codex 0.171.0 hooks', () => {
  it('request_user_input in PreToolUse is only work (it fires in Default mode, where no dialog opens)', () => {
    const { reports } = feed(codexReports, [
      ['PreToolUse', { tool_name: 'request_user_input', tool_input: { questions: [] } }],
      ['Interrupt', {}],
      ['Stop', { last_assistant_message: 'Which approach do you prefer, the quick one or the thorough one?' }],
    ])
    expect(reports.map((r) => r?.state)).toEqual(['working', 'idle', 'asked'])
  })
})

describe('OpenCode 1.18.33 plugin events', () => {
  const root = 'ses_dd531c2b3ffe34JcgO4GXEYd91'
  const child = 'ses_dd53125ceffeG1mUSTk9TcyZiJ'
  const turn = (text: string, prompt = '[[scenario:ask]] How should I build it'): [string, unknown][] => [
    ['hook:chat.message', { input: { sessionID: root, agent: 'build' } }],
    ['message.updated', { sessionID: root, info: { id: 'msg_u', role: 'user', sessionID: root } }],
    ['message.part.updated', { sessionID: root, part: { type: 'text', text: prompt, messageID: 'msg_u' } }],
    ['session.status', { sessionID: root, status: { type: 'busy' } }],
    ['message.updated', { sessionID: root, info: { id: 'msg_a', role: 'assistant', sessionID: root } }],
    ['message.part.updated', { sessionID: root, part: { type: 'text', text, messageID: 'msg_a' } }],
    ['session.status', { sessionID: root, status: { type: 'idle' } }],
    ['session.idle', { sessionID: root }],
  ]

  it('takes the reply from the root session’s assistant text parts, never the prompt', () => {
    const asked = feed(opencodeReports, [
      ['session.created', { sessionID: root, info: { id: root } }],
      ...turn('I can implement this with a cache or with a queue. Which approach do you prefer?'),
    ])
    expect(asked.reports.at(-1)).toMatchObject({ effect: 'turnEnd', state: 'asked' })
    expect(asked.tracker.sessionId).toBe(root)
    // The prompt ends with "?" but it is the user's text.
    const plain = feed(opencodeReports, turn('Done sleeping for six seconds.', 'Can you wait a bit?'))
    expect(plain.reports.at(-1)?.state).toBe('idle')
  })

  it('a rejected turn with no reply text of its own does not reuse the previous reply', () => {
    const { reports } = feed(opencodeReports, [
      ...turn('Which approach do you prefer?'),
      ['hook:chat.message', { input: { sessionID: root } }],
      ['permission.asked', { id: 'per_1', sessionID: root, permission: 'bash' }],
      ['permission.replied', { sessionID: root, requestID: 'per_1', reply: 'reject' }],
      ['session.idle', { sessionID: root }],
    ])
    expect(reports.slice(-4).map((r) => r?.state)).toEqual(['working', 'blocked', 'working', 'idle'])
  })

  it('maps a child session to the pane: its dialogs count, its turn end and text do not', () => {
    const { reports } = feed(opencodeReports, [
      ['session.created', { sessionID: root, info: { id: root } }],
      ['hook:chat.message', { input: { sessionID: root } }],
      ['session.created', { sessionID: child, info: { id: child, parentID: root } }],
      ['hook:chat.message', { input: { sessionID: child } }],
      ['session.status', { sessionID: child, status: { type: 'busy' } }],
      ['permission.asked', { id: 'per_2', sessionID: child, permission: 'bash' }],
      ['permission.replied', { sessionID: child, requestID: 'per_2', reply: 'once' }],
      ['message.updated', { sessionID: child, info: { id: 'msg_c', role: 'assistant', sessionID: child } }],
      ['message.part.updated', { sessionID: child, part: { type: 'text', text: 'Subagent done?', messageID: 'msg_c' } }],
      ['session.idle', { sessionID: child }],
      ['session.idle', { sessionID: root }],
    ])
    expect(reports.map((r) => r?.state ?? null)).toEqual([null, 'working', null, null, null, 'blocked', 'working', null, null, null, 'idle'])
    expect(reports[5]?.detail).toContain(`child session ${child}`)
  })

  it('uses the reply and root our plugin resolves, when it sends them', () => {
    const { reports } = feed(opencodeReports, [
      ['session.idle', { sessionID: child, rootSessionID: root }],
      ['session.idle', { sessionID: root, rootSessionID: root, lastAssistantMessage: 'Which one?' }],
    ])
    expect(reports.map((r) => r?.state ?? null)).toEqual([null, 'asked'])
  })
})

describe('Pi 0.73.1 extension events', () => {
  it('tracks the assistant message for agent_end, which carries no text', () => {
    const message = (text: string) => ({ type: 'message_end', message: { role: 'assistant', content: [{ type: 'text', text }] } })
    const { reports } = feed(piReports, [
      ['input', { type: 'input', text: '[[scenario:ask]] How should I build it', source: 'interactive' }],
      ['agent_start', { type: 'agent_start' }],
      ['message_end', message('I can implement this with a cache or with a queue. Which approach do you prefer?')],
      ['agent_end', { type: 'agent_end', messages: '[2 messages]' }],
      ['input', { type: 'input', text: '[[scenario:deny]] Clean the build output' }],
      ['tool_call', { type: 'tool_call', toolName: 'bash', input: { command: 'rm -rf ./harness-build-output' } }],
      ['tool_execution_end', { type: 'tool_execution_end', toolName: 'bash', isError: true }],
      ['message_end', message('Understood, I will not run that command.')],
      ['agent_end', { type: 'agent_end', messages: '[4 messages]' }],
      ['session_shutdown', { type: 'session_shutdown', reason: 'quit' }],
    ])
    expect(reports.map((r) => r?.state ?? null)).toEqual(['working', 'working', null, 'asked', 'working', null, 'working', null, 'idle', 'exited'])
  })
})

describe('the ask: what the agent wants, in plain words (issue 12)', () => {
  it('a permission request asks to run its command; a question asks its question; a reply its last sentence', () => {
    const { reports } = feed(claudeReports, [
      ['PermissionRequest', { session_id: SESSION, tool_name: 'Bash', tool_input: { command: 'touch x.txt' } }],
      [
        'PermissionRequest',
        { session_id: SESSION, tool_name: 'AskUserQuestion', tool_input: { questions: [{ question: 'Which database should the service use?' }] } },
      ],
      ['Stop', { session_id: SESSION, last_assistant_message: 'I fixed the off-by-one bug in the parser. Should I also add a regression test?' }],
      ['Stop', { session_id: SESSION, last_assistant_message: 'Done.' }],
    ])
    expect(reports.map((r) => r?.ask)).toEqual([
      'Run `touch x.txt`?',
      'Which database should the service use?',
      'Should I also add a regression test?',
      undefined,
    ])
    // The evidence keeps the raw event for explain.
    expect(reports[0]?.detail).toBe('PermissionRequest tool_name=Bash')
  })

  it('Codex: the question its final reply ends with', () => {
    const { reports } = feed(codexReports, [
      ['Stop', { session_id: SESSION, last_assistant_message: 'The tests pass. Do you want me to open a pull request?' }],
    ])
    expect(reports[0]).toMatchObject({ state: 'asked', ask: 'Do you want me to open a pull request?' })
  })
})
