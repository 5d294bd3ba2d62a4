import { askFromPayload, endsWithQuestion, lastSentence } from '../../notify/askText'
import { messageText, replyTail } from './replyText'
import { field, findMapping, type AgentReportTable, type EventMapping, type ReportEffect } from '../../agents/reportTable'
import { isSessionId } from '../../../shared/domain/sessionId'

/** One event exactly as the agent delivered it, on the board's clock. */
export interface RawReport {
  readonly at: number
  readonly event: string
  readonly payload: unknown
}

export type ReportState = 'working' | 'blocked' | 'question' | 'asked' | 'idle' | 'exited'

/** A report mapped to what it means for the pane. */
export interface AgentReport {
  readonly at: number
  readonly event: string
  readonly effect: Exclude<ReportEffect, 'track' | 'ignore'>
  /** The state it claims; null for `reinforce` (it only repeats an open dialog). */
  readonly state: ReportState | null
  /** Event, key payload fields and (for a turn end) the end of the reply. */
  readonly detail: string
  /** From a child (subagent) session, counted for the pane. */
  readonly child: boolean
  /** What the agent wants from the user, in plain words (a dialog's ask, a reply's question). */
  readonly ask?: string
  /** A turn end or progress report knew the reply's text (a turn end without it may be completed by a later one). */
  readonly replyKnown?: boolean
  /** A submitted prompt: a new turn begins. */
  readonly startsTurn?: boolean
}

/** What the interpreter remembers between events: pure data, replaced on every change. */
export interface ReportTracker {
  /** child session id → parent session id */
  readonly parents: Readonly<Record<string, string>>
  /** recent message ids → role (bounded: only recent text parts need attributing) */
  readonly roles: Readonly<Record<string, string>>
  /** The latest assistant text of the root session in this turn. */
  readonly reply: string
  /** The message `reply` belongs to, for text that comes in pieces (append). */
  readonly replyId?: string
  /** The root session id, for resume. */
  readonly sessionId: string | null
}

export const emptyTracker: ReportTracker = { parents: {}, roles: {}, reply: '', sessionId: null }

/** Message roles remembered: a turn touches a few dozen messages at most. */
const MAX_ROLES = 128

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A session id only when it is plainly one: it reaches an argv on resume (shared/domain/sessionId). */
function sessionIdOf(value: unknown): string | undefined {
  return isSessionId(value) ? value : undefined
}

function sessionOf(table: AgentReportTable, payload: unknown): string | undefined {
  for (const path of table.sessionFields ?? []) {
    const id = sessionIdOf(field(payload, path))
    if (id) return id
  }
  return undefined
}

function isChild(table: AgentReportTable, tracker: ReportTracker, session: string | undefined, payload: unknown): boolean {
  if (session === undefined) return false
  const root = table.rootField ? str(field(payload, table.rootField)) : undefined
  return (root !== undefined && root !== session) || tracker.parents[session] !== undefined
}

function track(tracker: ReportTracker, mapping: EventMapping, payload: unknown, child: boolean): ReportTracker {
  const t = mapping.tracking
  if (!t) return tracker
  switch (t.kind) {
    case 'session': {
      const id = sessionIdOf(field(payload, t.idField))
      const parent = sessionIdOf(field(payload, t.parentField))
      if (!id) return tracker
      if (parent) return { ...tracker, parents: { ...tracker.parents, [id]: parent } }
      return { ...tracker, sessionId: tracker.sessionId ?? id }
    }
    case 'messageRole': {
      const id = str(field(payload, t.idField))
      const role = str(field(payload, t.roleField))
      if (!id || !role || tracker.roles[id] === role) return tracker
      const entries = Object.entries({ ...tracker.roles, [id]: role }).slice(-MAX_ROLES)
      return { ...tracker, roles: Object.fromEntries(entries) }
    }
    case 'replyText': {
      // A subagent's text is not the pane's reply.
      if (child) return tracker
      const role = t.messageIdField ? tracker.roles[str(field(payload, t.messageIdField)) ?? ''] : 'assistant'
      if (role !== 'assistant') return tracker
      const text = messageText(field(payload, t.textField))
      if (text.trim() === '') return tracker
      if (!t.append) return { ...tracker, reply: text }
      const id = t.messageIdField ? str(field(payload, t.messageIdField)) : undefined
      const more = id !== undefined && id === tracker.replyId && tracker.reply !== ''
      return { ...tracker, reply: more ? `${tracker.reply.replace(/\n+$/, '')}\n${text}` : text, ...(id === undefined ? {} : { replyId: id }) }
    }
  }
}

/** Key payload fields for evidence, so `explain` shows which tool or reply spoke. */
function describe(event: string, payload: unknown): string {
  const keys = ['tool_name', 'toolName', 'notification_type', 'status.type', 'permission', 'reply', 'reason']
  const parts = keys.flatMap((k) => {
    const v = field(payload, k)
    return typeof v === 'string' || typeof v === 'number' ? [`${k}=${v}`] : []
  })
  return parts.length ? `${event} ${parts.join(' ')}` : event
}

const EFFECT_STATE: Record<Exclude<ReportEffect, 'track' | 'ignore' | 'turnEnd'>, ReportState | null> = {
  working: 'working',
  blocked: 'blocked',
  question: 'question',
  answered: 'working',
  progress: 'working',
  interrupted: 'idle',
  exiting: 'exited',
  reinforce: null,
}

/**
 * Maps one raw event through the agent's table. Pure: the tracker goes in and comes out.
 * Unknown events and child-session events that do not count yield no report.
 */
export function interpretReport(
  table: AgentReportTable,
  tracker: ReportTracker,
  raw: RawReport,
): { readonly tracker: ReportTracker; readonly report: AgentReport | null } {
  const mapping = findMapping(table, raw.event, raw.payload)
  if (!mapping || mapping.effect === 'ignore') return { tracker, report: null }
  const session = sessionOf(table, raw.payload)
  const child = isChild(table, tracker, session, raw.payload)
  let next = track(tracker, mapping, raw.payload, child)
  if (mapping.effect === 'track' || (child && !mapping.childCounts)) return { tracker: next, report: null }
  if (!child && session && next.sessionId === null) next = { ...next, sessionId: session }

  const detail = describe(raw.event, raw.payload) + (child ? ` (child session ${session})` : '')
  if (mapping.effect === 'turnEnd') {
    const given = mapping.textField === undefined ? undefined : field(raw.payload, mapping.textField)
    const text = given === undefined || given === null ? next.reply : messageText(given)
    const asked = endsWithQuestion(text)
    const why = text ? `reply ends "${replyTail(text, 60)}"` : 'no reply text'
    const report: AgentReport = {
      at: raw.at,
      event: raw.event,
      effect: 'turnEnd',
      state: asked ? 'asked' : 'idle',
      detail: `${detail}: ${why}`,
      child,
      replyKnown: text.trim() !== '',
    }
    return { tracker: next, report: asked ? { ...report, ask: lastSentence(text) } : report }
  }
  if (mapping.effect === 'progress') {
    // The reply so far, for a turn end that came without it (its text completes it, whatever the order).
    const text = mapping.tracking?.kind === 'replyText' && !child ? next.reply : ''
    const report: AgentReport = {
      at: raw.at,
      event: raw.event,
      effect: 'progress',
      state: 'working',
      detail: text ? `${detail}: reply so far ends "${replyTail(text, 60)}"` : detail,
      child,
      replyKnown: text.trim() !== '',
    }
    return { tracker: next, report: text && endsWithQuestion(text) ? { ...report, ask: lastSentence(text) } : report }
  }
  if (mapping.startsTurn) next = { ...next, reply: '' }
  const report: AgentReport = {
    at: raw.at,
    event: raw.event,
    effect: mapping.effect,
    state: EFFECT_STATE[mapping.effect],
    detail,
    child,
    ...(mapping.startsTurn ? { startsTurn: true } : {}),
  }
  const ask = mapping.effect === 'blocked' || mapping.effect === 'question' ? askFromPayload(raw.payload) : null
  return { tracker: next, report: ask ? { ...report, ask } : report }
}
