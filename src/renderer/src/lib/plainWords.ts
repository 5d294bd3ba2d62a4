import type { Evidence, PaneState, Verdict } from '../../../shared/domain/pane'
import { STATE_LOOK } from '../components/paneStates'

/**
 * The board's visible words for what its signals saw. Event names, payload fields and rule ids
 * are evidence for bug reports: they stay in the details (badge tooltip, explain), while every
 * line a user reads says what happened in plain words.
 */

/** What an agent's report (hook or plugin event, any agent's table) means, as a verb phrase. */
const REPORT: Record<string, string> = {
  // Claude Code and Codex hooks
  SessionStart: 'started its session',
  SessionEnd: 'ended its session',
  UserPromptSubmit: 'took your prompt',
  PreToolUse: 'is about to use a tool',
  PostToolUse: 'finished using a tool',
  PostToolUseFailure: 'saw a tool fail',
  PostToolBatch: 'finished its tools',
  PermissionRequest: 'asked for permission',
  PermissionDenied: 'was refused a tool',
  Notification: 'sent a notification',
  Stop: 'ended its turn',
  StopFailure: 'stopped on an error',
  SubagentStart: 'started a helper agent',
  SubagentStop: 'a helper agent finished',
  MessageDisplay: 'is replying',
  PreCompact: 'is compacting its context',
  PostCompact: 'compacted its context',
  PreModelRequest: 'is asking its model',
  Interrupt: 'was interrupted',
  // OpenCode plugin events
  'session.created': 'started its session',
  'session.idle': 'ended its turn',
  'session.status': 'changed its status',
  'permission.asked': 'asked for permission',
  'permission.replied': 'got your permission answer',
  'question.asked': 'asked a question',
  'question.replied': 'got your answer',
  'question.rejected': 'had its question dismissed',
  'message.updated': 'is replying',
  'message.part.updated': 'is replying',
  'hook:chat.message': 'took your prompt',
  // Pi extension events
  session_start: 'started its session',
  session_shutdown: 'ended its session',
  agent_start: 'started working',
  agent_end: 'ended its turn',
  turn_start: 'started a turn',
  message_end: 'finished a message',
  tool_execution_start: 'is using a tool',
  tool_execution_end: 'finished using a tool',
  tool_result: 'got a tool result',
  input: 'took your prompt',
}

/** "asked for permission": what the agent's latest report says, for the pane header. */
export function plainReport(event: string): string {
  return Object.hasOwn(REPORT, event) ? REPORT[event]! : 'sent a report'
}

const SAID_BY: Record<Evidence['source'], string> = {
  hook: 'the agent reported',
  screen: 'the screen shows',
  process: 'the process table shows',
  osc: 'the terminal says',
  title: 'the window title says',
  exit: 'the process ended:',
  input: 'your keys:',
  remote: 'the connection:',
}

/** One piece of evidence in plain words: what the agent wants when it said so, else who saw which state. */
export function plainEvidence(e: Evidence, state: PaneState): string {
  if (e.ask) return e.ask
  // Exit details are the board's own words ("exit code 0", "killed by SIGTERM").
  if (e.source === 'exit') return e.detail
  return `${SAID_BY[e.source]} ${STATE_LOOK[state].meaning}`
}

/** "question: Which file?": the state's word and what it asks (else what the state means). */
export function stateSummary(verdict: Verdict): string {
  const ask = verdict.evidence.find((e) => e.ask)?.ask
  return `${STATE_LOOK[verdict.state].label}: ${ask ?? STATE_LOOK[verdict.state].meaning}`
}

/**
 * What must never reach a visible line: hook and plugin event names, `field=value` payload
 * fragments and dotted rule ids. Tests assert visible text against it.
 */
export const INTERNAL_WORDS = new RegExp(
  `(?:\\b(?:${Object.keys(REPORT)
    .filter((k) => /[A-Z._:]/.test(k) && k !== 'Stop' && k !== 'Notification' && k !== 'Interrupt')
    .map((k) => k.replace(/[.]/g, '\\.'))
    .join('|')})\\b|\\b[a-z_]+=|\\btool_name\\b|\\b[a-z]+\\.[a-z]+\\.[a-z]+\\b)`,
)
