import { z } from 'zod'
import { SESSION_ID, SESSION_ID_RULE } from '../../shared/domain/sessionId'
import type { PayloadFormat } from '../../core/agents/agentManifest'

/**
 * What a report body must look like, per payload format (an agent's manifest names its format:
 * `[reporting] payload`). Only the fields the status mapping reads are
 * typed; everything else the agent sends is kept as it came (agents add fields between versions,
 * and an unknown extra field is no reason to lose a report). A field that is present with the
 * wrong type is a reason: it would be misread downstream.
 */

/** Event names are identifiers (`PermissionRequest`, `session.status`, `agent_end`). */
const EventName = z.string().regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/, 'not an event name')
/** A session id reaches an argv on resume: refused here unless it is plainly an id (shared/domain/sessionId). */
const SessionId = z.string().regex(SESSION_ID, `not a session id (${SESSION_ID_RULE})`)

/** Claude Code and Codex post the hook's own stdin JSON; the event is `hook_event_name`. */
const HookPayload = z.looseObject({
  hook_event_name: EventName,
  session_id: SessionId.optional(),
  tool_name: z.string().max(256).optional(),
  notification_type: z.string().max(64).optional(),
  last_assistant_message: z.string().nullable().optional(),
  source: z.string().max(64).optional(),
  reason: z.string().max(256).optional(),
  agent_id: z.string().max(256).optional(),
  agent_type: z.string().max(256).optional(),
})

/**
 * OpenCode's plugin and Pi's extension are ours: they post `{event, payload}` where `event` is the
 * bus event type (OpenCode) or the extension event name (Pi) and `payload` its properties.
 */
const PluginEnvelope = z.object({
  event: EventName,
  payload: z.looseObject({
    sessionID: SessionId.optional(),
    /** Pi's name for it. */
    sessionId: SessionId.nullable().optional(),
    parentID: SessionId.nullable().optional(),
    /** The root session a child session belongs to, resolved by our plugin from `parentID`. */
    rootSessionID: SessionId.optional(),
    lastAssistantMessage: z.string().nullable().optional(),
  }),
})

export interface ParsedPayload {
  readonly event: string
  readonly payload: Record<string, unknown>
}

type Parser = (body: unknown) => { ok: true; value: ParsedPayload } | { ok: false; message: string }

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ')
}

const hook: Parser = (body) => {
  const r = HookPayload.safeParse(body)
  return r.success ? { ok: true, value: { event: r.data.hook_event_name, payload: r.data } } : { ok: false, message: describe(r.error) }
}

const plugin: Parser = (body) => {
  const r = PluginEnvelope.safeParse(body)
  return r.success ? { ok: true, value: { event: r.data.event, payload: r.data.payload } } : { ok: false, message: describe(r.error) }
}

/** Each format's parser; a new format is a parser here and a name in PAYLOAD_FORMATS. */
export const PAYLOAD_PARSERS: Readonly<Record<PayloadFormat, Parser>> = {
  hook,
  plugin,
}
