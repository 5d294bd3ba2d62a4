import type { AgentReportTable } from '../reportTable'

/**
 * OpenCode plugin bus events, measured on 1.18.33 (fixtures/opencode/README.md). Subagents report
 * under their own session id: a child's dialog blocks the pane (it opens in the main view), a
 * child's idle does not end the turn. The turn-end event carries no text: the reply is tracked
 * from the root session's assistant text parts.
 */
export const opencodeReports: AgentReportTable = {
  agent: 'opencode',
  verifiedOn: '1.18.33',
  sessionFields: ['sessionID', 'input.sessionID'],
  rootField: 'rootSessionID',
  versionFields: ['info.version'],
  // Measured at 60x20 under load: hook:chat.message 1.5–6 s after Enter on a new session, the
  // home screen (idle) up all the while.
  enterSubmitsPrompt: true,
  mappings: [
    {
      event: 'session.created',
      effect: 'track',
      tracking: { kind: 'session', idField: 'info.id', parentField: 'info.parentID' },
      childCounts: true,
      why: 'a child session names its parent (task tool subagents)',
    },
    {
      event: 'hook:chat.message',
      effect: 'working',
      startsTurn: true,
      why: 'the prompt reached the session: the earliest turn start (first prompt: 0.3–0.7 s after Enter)',
    },
    { event: 'session.status', when: [{ field: 'status.type', equals: 'busy' }], effect: 'working', why: 'busy, repeated through the turn' },
    { event: 'session.status', when: [{ field: 'status.type', equals: 'idle' }], effect: 'ignore', why: 'same millisecond as session.idle, which is used' },
    {
      event: 'session.idle',
      effect: 'turnEnd',
      textField: 'lastAssistantMessage',
      why: 'turn end; 19–82 ms before the screen shows it. The reply text comes from our plugin, else is tracked from the parts',
    },
    { event: 'permission.asked', effect: 'blocked', childCounts: true, why: '19–40 ms before the dialog; a child session dialog too' },
    { event: 'permission.replied', effect: 'answered', childCounts: true, why: 'reply once/always/reject, 6–54 ms after the key' },
    { event: 'question.asked', effect: 'question', childCounts: true, why: '20–36 ms before the dialog' },
    { event: 'question.replied', effect: 'answered', childCounts: true, why: '9–19 ms after Enter' },
    { event: 'question.rejected', effect: 'answered', childCounts: true, why: 'exists in the binary; not triggered in the fixtures' },
    {
      event: 'message.updated',
      effect: 'track',
      tracking: { kind: 'messageRole', idField: 'info.id', roleField: 'info.role' },
      why: 'message roles, so text parts can be told apart (user prompt vs reply)',
    },
    {
      event: 'message.part.updated',
      when: [{ field: 'part.type', equals: 'text' }],
      effect: 'track',
      tracking: { kind: 'replyText', textField: 'part.text', messageIdField: 'part.messageID' },
      why: 'the reply text, complete in the last update of the part',
    },
  ],
  unsupported: [
    { what: 'exit', why: 'no event at shutdown: only the process exit (or the goodbye screen) shows it' },
    { what: 'reply ends with a question', why: 'no event says so; derived from the tracked reply text' },
  ],
}
