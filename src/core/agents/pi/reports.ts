import type { AgentReportTable } from '../reportTable'

/**
 * Pi extension events, measured on 0.73.1 (fixtures/pi/README.md). Pi core has no dialogs; the
 * ones users see come from other extensions, which a reporter extension cannot observe, so
 * blocked and question come from the screen only.
 */
export const piReports: AgentReportTable = {
  agent: 'pi',
  verifiedOn: '0.73.1',
  // From our extension's session_start (ctx.sessionManager.getSessionId()).
  sessionFields: ['sessionId'],
  mappings: [
    { event: 'session_start', effect: 'ignore', why: 'startup' },
    { event: 'input', effect: 'working', startsTurn: true, why: 'the prompt, the same millisecond as Enter' },
    { event: 'agent_start', effect: 'working', why: 'the agent loop starts' },
    { event: 'turn_start', effect: 'working', why: 'a model turn inside the agent loop' },
    { event: 'tool_execution_start', effect: 'working', why: 'a tool starts (26–47 ms before an extension dialog, which says nothing)' },
    { event: 'tool_result', effect: 'working', why: 'a tool finished (after an approval too)' },
    { event: 'tool_execution_end', effect: 'working', why: 'a tool finished or was blocked; the loop goes on' },
    {
      event: 'message_end',
      when: [{ field: 'message.role', equals: 'assistant' }],
      effect: 'track',
      tracking: { kind: 'replyText', textField: 'message.content' },
      why: 'the assistant message, complete; the last one before agent_end is the reply',
    },
    { event: 'agent_end', effect: 'turnEnd', textField: 'lastAssistantMessage', why: 'the loop ended; 7–34 ms before the spinner leaves. Its messages are not text: from our extension, else tracked' },
    { event: 'session_shutdown', effect: 'exiting', why: '~20 ms before the process exits on /quit' },
  ],
  unsupported: [
    { what: 'permission dialog', why: 'Pi core has none; extension dialogs (ctx.ui.select) are invisible to other extensions' },
    { what: 'question dialog', why: 'the same: only the tool name of a custom tool hints at it, which is not proof' },
  ],
}
