import type { AgentReportTable } from '../reportTable'

/**
 * Gemini CLI hooks, as our extension receives them (test/agents/gemini/README.md,
 * test/fixtures/gemini). The payloads are Claude-shaped: `hook_event_name`, `session_id`.
 * Injected: SessionStart, BeforeAgent, Notification, AfterTool (gated), AfterAgent; the rest are
 * listed (with why they are not injected) so the table is the whole of what 0.61 has.
 */
export const geminiReports: AgentReportTable = {
  agent: 'gemini',
  verifiedOn: '0.61.0',
  sessionFields: ['session_id'],
  // Enter on a prompt: the composer empties and the prompt moves into the transcript, both idle
  // screens, until BeforeAgent and the spinner (13 s later at load average 15 on two cores).
  enterSubmitsPrompt: true,
  // Gemini awaits the Notification hook, then draws the box: 0.2–2.8 s after the report at load
  // average 13–15 on two cores, the session's first box the slowest (test/fixtures/gemini:
  // 0.9–2.0 s), while the screen still shows work.
  dialogDrawGraceMs: 4000,
  mappings: [
    { event: 'SessionStart', effect: 'ignore', why: 'startup (source startup|resume|clear), before the prompt is drawn' },
    { event: 'BeforeAgent', effect: 'working', startsTurn: true, why: 'the prompt was submitted; once per prompt, before the first model call' },
    {
      event: 'Notification',
      when: [
        { field: 'notification_type', equals: 'ToolPermission' },
        { field: 'details.type', equals: 'ask_user' },
      ],
      effect: 'question',
      why: "ask_user's question dialog (\"Answer Questions\"); Gemini awaits the hook before it draws the dialog",
    },
    { event: 'Notification', when: [{ field: 'notification_type', equals: 'ToolPermission' }], effect: 'blocked', why: 'the permission box (exec, edit, mcp, info); awaited before the box is drawn' },
    { event: 'Notification', effect: 'ignore', why: 'no other notification type in 0.61' },
    { event: 'BeforeTool', effect: 'working', why: 'before every tool call, before its confirmation (not injected: it says nothing a dialog needs)' },
    { event: 'AfterTool', effect: 'working', why: 'a tool finished; after a dialog, the first hook once it was answered yes (the tool has run)' },
    { event: 'BeforeModel', effect: 'working', why: 'a model call (not injected: one per call)' },
    { event: 'BeforeToolSelection', effect: 'working', why: 'a model call (not injected)' },
    { event: 'AfterModel', effect: 'working', why: 'a model response (not injected)' },
    { event: 'PreCompress', effect: 'ignore', why: 'before every model call with trigger "auto", compressing or not (not injected)' },
    { event: 'AfterAgent', effect: 'turnEnd', textField: 'prompt_response', why: 'the turn ended; prompt_response is the reply' },
    { event: 'SessionEnd', when: [{ field: 'reason', equals: 'clear' }], effect: 'ignore', why: '/clear ends the session, not the process; SessionStart(source=clear) follows' },
    { event: 'SessionEnd', effect: 'exiting', why: 'on /quit, after the goodbye box, three times in 0.61, each run delaying the exit (not injected: the goodbye box and the exit say it)' },
  ],
  unsupported: [
    { what: 'dialog answered No / Esc', why: 'no hook at all: "Request cancelled." and the prompt come back; only the screen shows the dialog gone' },
    { what: 'dialog answered yes', why: 'nothing until AfterTool, once the tool has run' },
    { what: 'folder trust dialog', why: 'drawn before any hook runs: only the screen shows it. After "Don\'t trust" the extension hooks (ours) run, those of settings files (the user\'s) do not' },
  ],
}
