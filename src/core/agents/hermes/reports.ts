import type { AgentReportTable } from '../reportTable'

/**
 * Hermes Agent plugin hooks, as our plugin forwards them (resources/agents/hermes/switchboard),
 * measured on 0.19.0 (test/agents/hermes/README.md). Subagents (delegate_task) run in the same
 * process under their own session ids; the plugin names each payload's root session, so a child's
 * turn end does not end the pane's turn, while its approval dialog (drawn in the pane) counts.
 */
export const hermesReports: AgentReportTable = {
  agent: 'hermes',
  verifiedOn: '0.19.0',
  sessionFields: ['session_id'],
  rootField: 'root_session_id',
  versionFields: ['version'],
  // Measured under load (agents:check, 80x24, load average 15): Hermes redrew nothing for 0.62 s
  // after the Enter that submitted a prompt, and pre_llm_call came 0.71 s after it; the badge kept
  // the last turn's `asked` meanwhile (a false attention episode:
  // test/fixtures/hermes/hermes0190-80x24-slow-redraw).
  enterSubmitsPrompt: true,
  mappings: [
    { event: 'on_session_start', effect: 'ignore', why: 'a new session’s first turn, 70 ms before its pre_llm_call (not at launch: no hook fires before the first prompt)' },
    { event: 'pre_llm_call', effect: 'working', startsTurn: true, why: 'a prompt starts a turn (after the agent is built: the first one comes late)' },
    { event: 'pre_api_request', effect: 'working', why: 'a model request of the turn' },
    {
      event: 'pre_tool_call',
      when: [{ field: 'tool_name', equals: 'clarify' }],
      effect: 'question',
      childCounts: true,
      why: 'the clarify tool: its question dialog is drawn right after',
    },
    { event: 'pre_tool_call', effect: 'working', why: 'a tool is about to run (its approval, if any, is reported on its own)' },
    {
      event: 'post_tool_call',
      when: [{ field: 'tool_name', equals: 'clarify' }],
      effect: 'answered',
      childCounts: true,
      why: 'the clarify question was answered',
    },
    { event: 'post_tool_call', effect: 'working', why: 'a tool finished; the model is called again' },
    {
      event: 'pre_approval_request',
      when: [{ field: 'surface', equals: 'smart' }],
      effect: 'working',
      why: 'smart mode: the auxiliary model judges the command first; no dialog is drawn while it does',
    },
    { event: 'pre_approval_request', effect: 'blocked', childCounts: true, why: 'the dangerous-command dialog (surface cli)' },
    {
      event: 'post_approval_response',
      when: [{ field: 'surface', equals: 'smart' }],
      effect: 'working',
      why: 'the auxiliary model approved (the command runs) or denied (the owner’s dialog follows, reported by its own pre_approval_request)',
    },
    { event: 'post_approval_response', effect: 'answered', childCounts: true, why: 'once / session / always / deny / timeout: the turn goes on' },
    { event: 'on_session_end', when: [{ field: 'interrupted', equals: true }], effect: 'interrupted', why: 'the turn was interrupted (Ctrl+C, or the process shutting down mid-turn)' },
    { event: 'on_session_end', effect: 'turnEnd', textField: 'lastAssistantMessage', why: 'the end of every turn (despite its name); the reply is post_llm_call’s, forwarded by our plugin' },
    {
      event: 'on_session_finalize',
      when: [{ field: 'reason', equals: 'shutdown' }],
      effect: 'working',
      why: '/exit or Ctrl+D: the session summary is printed, and the process exits 2–3 s later (measured): until then it works, the exit says exited',
    },
    { event: 'on_session_finalize', effect: 'ignore', why: '/new ends the session but not the process' },
    { event: 'on_session_reset', effect: 'ignore', why: '/new started a fresh session' },
    { event: 'subagent_start', effect: 'ignore', why: 'our plugin tracks the child session’s parent itself (root_session_id)' },
    { event: 'subagent_stop', effect: 'ignore', why: 'subagent events never change the pane' },
  ],
  unsupported: [
    { what: 'agent loop stopped', why: 'no such hook in 0.19.0 (VALID_HOOKS); on_session_end ends every turn' },
    { what: 'launch', why: 'no hook fires before the first prompt; the screen shows the prompt' },
  ],
}
