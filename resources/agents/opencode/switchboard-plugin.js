/* global process, fetch, AbortSignal */
// Switchboard's OpenCode plugin, loaded for one launch through an extra config file
// (OPENCODE_CONFIG or OPENCODE_CONFIG_CONTENT), never through the user's own configuration.
//
// It forwards the bus events that tell whether the session works, waits on a dialog or has
// finished its turn, as `{event, payload}` to the pane's report URL with the pane's token, one
// at a time and in order. Everything else (deltas, catalog noise) stays here. It never throws,
// never writes to the terminal, and gives up on a report after 2 s.
//
// Subagents report under their own session: `session.created` names the parent, and every
// forwarded payload carries `rootSessionID`, the top of that chain, so main can map a child's
// permission dialog to the pane and ignore a child's idle.

const FORWARDED = new Set([
  'session.created',
  'session.status',
  'session.idle',
  'session.error',
  'permission.asked',
  'permission.replied',
  'question.asked',
  'question.replied',
  'question.rejected',
])
const TIMEOUT_MS = 2000

export const SwitchboardPlugin = async () => {
  const url = process.env.SWITCHBOARD_REPORT_URL
  const token = process.env.SWITCHBOARD_REPORT_TOKEN
  if (!url || !token) return {}

  const parentOf = new Map() // sessionID -> parentID
  const roleOf = new Map() // messageID -> role
  const textOf = new Map() // partID -> text so far
  const lastText = new Map() // sessionID -> the latest assistant text
  let queue = Promise.resolve()

  const rootOf = (id) => {
    let cur = id
    for (let i = 0; i < 32 && parentOf.get(cur); i++) cur = parentOf.get(cur)
    return cur
  }

  const send = (event, payload) => {
    const body = JSON.stringify({ event, payload })
    queue = queue.then(() =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-switchboard-token': token },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).then(
        (res) => res.arrayBuffer(),
        () => undefined,
      ),
    )
  }

  const remember = (type, p) => {
    if (type === 'session.created' && p.info?.id) parentOf.set(p.info.id, p.info.parentID ?? null)
    else if (type === 'message.updated' && p.info?.id) roleOf.set(p.info.id, p.info.role)
    else if (type === 'message.part.delta' && p.field === 'text' && p.partID) textOf.set(p.partID, (textOf.get(p.partID) ?? '') + (p.delta ?? ''))
    else if (type === 'message.part.updated' && p.part?.type === 'text') textOf.set(p.part.id, p.part.text ?? '')
    if ((type === 'message.part.delta' && p.field === 'text') || (type === 'message.part.updated' && p.part?.type === 'text')) {
      const messageID = p.messageID ?? p.part?.messageID
      const sessionID = p.sessionID ?? p.part?.sessionID
      const partID = p.partID ?? p.part?.id
      if (roleOf.get(messageID) === 'assistant' && sessionID) lastText.set(sessionID, textOf.get(partID) ?? '')
    }
  }

  return {
    // The prompt reached the session: on a new session's first prompt this comes 0.5–2 s before
    // the first busy status (measured), so it is the earliest sign of a turn.
    'chat.message': async (input) => {
      try {
        const sessionID = input?.sessionID
        send('hook:chat.message', { sessionID, rootSessionID: sessionID ? rootOf(sessionID) : undefined, messageID: input?.messageID })
      } catch {
        // Swallow: see below.
      }
    },
    event: async ({ event }) => {
      try {
        const type = event?.type
        const p = event?.properties ?? {}
        remember(type, p)
        if (!FORWARDED.has(type)) return
        const sessionID = p.sessionID ?? p.info?.id
        const payload = { ...p, sessionID, rootSessionID: sessionID ? rootOf(sessionID) : undefined }
        if (type === 'session.created') payload.parentID = p.info?.parentID ?? null
        const idle = type === 'session.idle' || (type === 'session.status' && p.status?.type === 'idle')
        if (idle && sessionID) payload.lastAssistantMessage = lastText.get(sessionID) ?? null
        send(type, payload)
      } catch {
        // Swallow: a reporting plugin must never break the agent.
      }
    },
  }
}
