import type { AgentReportTable } from '../reportTable'

/**
 * Codex CLI hooks, measured on 0.171.0 (fixtures/codex/README.md). Codex's own terminal state
 * (`OSC 7501;state=…`, parsed in stateOsc.ts) is the better signal for working/blocked/done; the
 * hooks add what it lacks: whether the final reply asks something.
 */
export const codexReports: AgentReportTable = {
  agent: 'codex',
  verifiedOn: '0.171.0',
  sessionFields: ['session_id'],
  // At load average ~19 on two cores: 1.3 s from Enter on a typed prompt to its OSC 7501 working
  // (test/fixtures/codex/codex01710-work-*); 3 ms on a quiet machine.
  enterSubmitsPrompt: true,
  mappings: [
    { event: 'SessionStart', effect: 'ignore', why: 'fires with the first prompt, not at launch; UserPromptSubmit follows' },
    { event: 'UserPromptSubmit', effect: 'working', startsTurn: true, why: '+0.06 s after Enter' },
    { event: 'PreModelRequest', effect: 'working', why: 'before each model call' },
    {
      event: 'PreToolUse',
      effect: 'working',
      why: 'a tool starts. request_user_input also fires in Default mode, where no dialog opens, so it is not a question',
    },
    { event: 'PermissionRequest', effect: 'blocked', why: 'the approval dialog; 8–50 ms before it is drawn (hooks are blocking: a slow hook delays it)' },
    { event: 'PostToolUse', effect: 'working', why: 'the tool finished (the first hook after an approval)' },
    { event: 'PreCompact', effect: 'working', why: 'compaction runs inside a turn (registered; not seen firing)' },
    { event: 'PostCompact', effect: 'working', why: 'compaction runs inside a turn (registered; not seen firing)' },
    { event: 'Stop', effect: 'turnEnd', textField: 'last_assistant_message', why: '~20 ms before OSC state=done' },
    { event: 'Interrupt', effect: 'interrupted', why: 'a denied approval or Esc ends the turn at once (1 s hook timeout: may be lost)' },
    { event: 'SubagentStart', effect: 'ignore', why: 'subagent events never change the pane' },
    { event: 'SubagentStop', effect: 'ignore', why: 'subagent events never change the pane' },
    { event: 'SessionEnd', effect: 'exiting', why: '0.08 s after /exit' },
  ],
  unsupported: [
    { what: 'question dialog (Plan mode)', why: 'no hook opens it; PreToolUse(request_user_input) fires in Default mode too. Use OSC 7501 kind=question' },
    { what: 'dialog answered yes', why: 'nothing until PostToolUse' },
    { what: 'Notification', why: 'Codex has no notification hook' },
  ],
}
