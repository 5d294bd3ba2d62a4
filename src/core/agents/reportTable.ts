/**
 * Event → signal tables: what each agent's hook or plugin events mean for the pane, as data.
 * One table per agent (its folder's agent.toml, `[reporting]` and `[[report]]`), with the version it
 * was verified on (fixtures/<agent>/README.md) and the things the agent cannot report, listed
 * instead of faked.
 */

export type ReportEffect =
  /** The agent is processing (a prompt was submitted, a tool runs, the model is called). */
  | 'working'
  /** A permission dialog opened. */
  | 'blocked'
  /** A structured question with options opened. */
  | 'question'
  /** The open dialog was answered; the agent goes on. */
  | 'answered'
  /**
   * Part of the turn's output (Claude's MessageDisplay, the reply's lines as they are drawn):
   * working while the turn runs, but never a new turn after the turn's end report, which it may
   * follow (2.1.332 sends the final one and Stop in either order, 18–85 ms apart). Its text, when
   * it carries the reply (`tracking`), completes a turn end that had none.
   */
  | 'progress'
  /** The turn ended normally: `asked` when the reply ends with a question, else `idle`. */
  | 'turnEnd'
  /** The turn was cut short (interrupt, denial): idle, whatever the last reply said. */
  | 'interrupted'
  /** The agent is shutting down; the process exit follows. */
  | 'exiting'
  /** Repeats that a dialog is still open (Claude's 6 s `permission_prompt`); no state of its own. */
  | 'reinforce'
  /** Bookkeeping only (session tree, message roles, reply text); no state. */
  | 'track'
  /** Known, and deliberately without meaning for status. */
  | 'ignore'

/** A condition on the payload: `field` is a dotted path. */
export interface FieldTest {
  readonly field: string
  readonly equals?: string | number | boolean
  readonly present?: boolean
}

/** What a `track` entry records, for agents whose turn-end event carries no reply text. */
export type Tracking =
  /** `session.created`: remembers a child session's parent (OpenCode subagents). */
  | { readonly kind: 'session'; readonly idField: string; readonly parentField: string }
  /** `message.updated`: remembers each message's role, so text parts can be attributed. */
  | { readonly kind: 'messageRole'; readonly idField: string; readonly roleField: string }
  /**
   * A piece of assistant text: the latest one is the reply a `turnEnd` looks at. `append`: each
   * event carries the next lines of the message (`messageIdField` names it), not all of it.
   */
  | { readonly kind: 'replyText'; readonly textField: string; readonly messageIdField?: string; readonly roleField?: string; readonly append?: boolean }

export interface EventMapping {
  readonly event: string
  /** All must hold; the first mapping of an event whose conditions hold is used. */
  readonly when?: readonly FieldTest[]
  readonly effect: ReportEffect
  /** turnEnd: the payload field holding the final reply; when absent, the tracked reply text. */
  readonly textField?: string
  /** working: a new user prompt starts a turn, so the tracked reply text is forgotten. */
  readonly startsTurn?: boolean
  readonly tracking?: Tracking
  /** Events from a child (subagent) session count for the pane. Default: they do not. */
  readonly childCounts?: boolean
  /** Why, and where it was measured. */
  readonly why: string
}

export interface Unsupported {
  readonly what: string
  readonly why: string
}

export interface AgentReportTable {
  readonly agent: string
  readonly verifiedOn: string
  /** Payload fields that may hold the session id, first present wins (for resume and the child-session tree). */
  readonly sessionFields?: readonly string[]
  /**
   * Payload field naming the root session, when the reporter resolves subagent sessions itself
   * (a payload whose root differs from its session is a child's).
   */
  readonly rootField?: string
  /**
   * Payload fields that carry the agent's own version, first present wins (OpenCode's session
   * info has one; Claude, Codex and Pi send none and are read from their banner instead). A
   * version newer than `verifiedOn` is drift (core/status/drift.ts).
   */
  readonly versionFields?: readonly string[]
  readonly mappings: readonly EventMapping[]
  readonly unsupported: readonly Unsupported[]
  /**
   * Enter on a typed line at the agent's prompt starts a turn the agent is slow to show or report
   * (OpenCode's first prompt: the home screen stays up 0.5–2 s, its first report comes later), so
   * the key itself says working until the screen or a report speaks. Only where measured.
   */
  readonly enterSubmitsPrompt?: boolean
  /**
   * The slash commands that end the agent's session (`/quit`), with enterSubmitsPrompt: Enter on
   * one says working, like a prompt's, until the goodbye screen or the exit (a `/command` is
   * otherwise no turn, and the prompt read idle until the goodbye: Gemini CLI 0.61 for 1.1–1.5 s).
   * Compared whole with the line typed; only whether it matched is kept. Only where measured.
   */
  readonly exitCommands?: readonly string[]
  /**
   * How long a dialog the agent reported may take to be drawn while the screen still shows work,
   * where the agent's draw lags its report by more than the default (StatusConstants
   * .DialogDrawGraceMs). Only where measured.
   */
  readonly dialogDrawGraceMs?: number
  /**
   * How long after the key that answered it a dialog may stay drawn without counting, where the
   * agent takes longer than the default (core/status/dialogAnswer.ts AnswerConstants.HoldMs) and
   * announces every new dialog with a report (so a longer hold cannot hide one). Only where measured.
   */
  readonly answerHoldMs?: number
}

/** Reads a dotted path (`status.type`, `message.content`) from a payload. */
export function field(payload: unknown, path: string): unknown {
  let value: unknown = payload
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** True when the payload passes the test (`equals`, `present`). */
export function holds(test: FieldTest, payload: unknown): boolean {
  const value = field(payload, test.field)
  if (test.present !== undefined && (value !== undefined && value !== null) !== test.present) return false
  if (test.equals !== undefined && value !== test.equals) return false
  return true
}

/** The agent's version if this payload carries one (any event, mapped or not). */
export function reportedVersion(table: AgentReportTable, payload: unknown): string | null {
  for (const path of table.versionFields ?? []) {
    const value = field(payload, path)
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return null
}

/** The mapping for this event and payload, or null when the table does not know the event. */
export function findMapping(table: AgentReportTable, event: string, payload: unknown): EventMapping | null {
  for (const mapping of table.mappings) {
    if (mapping.event !== event) continue
    if ((mapping.when ?? []).every((test) => holds(test, payload))) return mapping
  }
  return null
}
