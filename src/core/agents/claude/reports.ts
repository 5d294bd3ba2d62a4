import type { AgentReportTable } from '../reportTable'

/**
 * Claude Code hooks, measured on 2.1.197 (fixtures/claude/README.md: cc-80x24, cc-120x32,
 * cc-200x50) and 2.1.332 in manual, auto and plan modes (test/agents/claude/README.md,
 * test/fixtures/claude). Subagent events never change the pane's state; a subagent's permission
 * dialog does, because it opens in the pane's own TUI.
 */
export const claudeReports: AgentReportTable = {
  agent: 'claude',
  verifiedOn: '2.1.197 - 2.1.332',
  sessionFields: ['session_id'],
  // 2.1.332 at load average 19 on two cores: Enter on a typed prompt, then 1.4 s of the same
  // prompt screen before its title spun (test/fixtures/claude/cc21332-questions-*).
  enterSubmitsPrompt: true,
  mappings: [
    { event: 'SessionStart', effect: 'ignore', why: 'fires 0.1–0.2 s before the prompt is ready; the screen shows the prompt' },
    { event: 'UserPromptSubmit', effect: 'working', startsTurn: true, why: '30–150 ms after Enter' },
    {
      event: 'PreToolUse',
      when: [{ field: 'agent_id', present: true }],
      effect: 'ignore',
      why: 'a subagent tool call (agent_id set; from the hook docs, no fixture has subagents)',
    },
    { event: 'PreToolUse', effect: 'working', why: 'a tool is about to run (AskUserQuestion too: its dialog is reported by PermissionRequest)' },
    {
      event: 'PermissionRequest',
      when: [{ field: 'tool_name', equals: 'AskUserQuestion' }],
      effect: 'question',
      childCounts: true,
      why: 'the question dialog; fires 30–70 ms before it is drawn',
    },
    { event: 'PermissionRequest', effect: 'blocked', childCounts: true, why: 'the permission dialog; fires 30–70 ms before it is drawn' },
    {
      event: 'PostToolUse',
      when: [{ field: 'agent_id', present: true }],
      effect: 'ignore',
      why: 'a subagent tool finished (agent_id set; from the hook docs)',
    },
    { event: 'PostToolUse', effect: 'working', why: 'the tool finished; the turn goes on (the first hook after a dialog answered Yes)' },
    {
      event: 'PostToolUseFailure',
      when: [{ field: 'agent_id', present: true }],
      effect: 'ignore',
      why: 'a subagent tool failed (agent_id set; from the hook docs)',
    },
    { event: 'PostToolUseFailure', effect: 'working', why: 'the tool failed; the model is called again (step 3b)' },
    {
      event: 'Notification',
      when: [{ field: 'notification_type', equals: 'permission_prompt' }],
      effect: 'reinforce',
      why: '6.0 s after a dialog opened and only if it is still open; for question dialogs too',
    },
    {
      event: 'Notification',
      when: [{ field: 'notification_type', equals: 'idle_prompt' }],
      effect: 'ignore',
      why: '60 s after any unanswered reply, not only after questions (seed 000; measured 60.2 s)',
    },
    { event: 'Notification', effect: 'ignore', why: 'other notification types carry no state' },
    { event: 'Stop', effect: 'turnEnd', textField: 'last_assistant_message', why: 'turn end; 65–400 ms before the spinner leaves the screen' },
    { event: 'SubagentStart', effect: 'ignore', why: 'subagent events never change the pane (cmux #10233: SubagentStop taken for Stop)' },
    { event: 'SubagentStop', effect: 'ignore', why: 'subagent events never change the pane' },
    {
      event: 'PermissionDenied',
      effect: 'working',
      why: 'auto mode refused a tool call (2.1.332: reason "Classifier unavailable" or the classifier\'s); no dialog, the model is called again at once (measured), never for a user "No"',
    },
    { event: 'PostToolBatch', effect: 'working', why: 'every tool call of a batch resolved, before the next model request (2.1.332 hook docs in the bundle)' },
    {
      event: 'MessageDisplay',
      effect: 'progress',
      tracking: { kind: 'replyText', textField: 'delta', messageIdField: 'message_id', append: true },
      why: 'lines of a reply as they are drawn (2.1.332; turn_id, message_id, index, final, delta); the final one and Stop come in either order, 18–85 ms apart, so it never reopens an ended turn. Not injected by the board: it runs in the display path and may rewrite what is shown',
    },
    { event: 'StopFailure', effect: 'interrupted', why: 'the turn ended on an API error (documented; never fired in the fixtures)' },
    {
      event: 'SessionEnd',
      when: [{ field: 'reason', equals: 'clear' }],
      effect: 'ignore',
      why: '/clear ends the session but not the process; SessionStart(source=clear) follows (hook docs)',
    },
    { event: 'SessionEnd', effect: 'exiting', why: '50–70 ms before the process exits, for /exit and Ctrl-D twice' },
  ],
  unsupported: [
    { what: 'dialog answered No / Esc', why: 'no hook at all (no PostToolUseFailure, Stop or PermissionDenied), in every mode (2.1.197, 2.1.332): the screen must show the dialog gone' },
    {
      what: "auto mode's own dialogs (2.1.332)",
      why: '"Auto mode can\'t check actions in this session" and its unnumbered No / Yes confirmation fire no PermissionRequest: only the screen shows them',
    },
    { what: 'dialog answered Yes', why: 'nothing until PostToolUse, which comes when the tool has finished' },
    { what: 'interrupt (Esc while working)', why: 'no hook; the screen shows the prompt back' },
  ],
}
