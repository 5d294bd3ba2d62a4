/* global process, fetch, AbortSignal */
// Switchboard's Pi extension, added for one launch with `-e` (the user's own extensions load as
// before). It forwards the events that tell whether Pi works or has finished its turn, as
// `{event, payload}` to the pane's report URL with the pane's token, one at a time and in order.
// Payloads are cut to what the status engine reads (no conversation, no tool output). It never
// throws, never writes to the terminal, and gives up on a report after 2 s.
//
// Pi core has no dialogs: permission and question dialogs come from other extensions
// (ctx.ui.select), which this one cannot see open; `tool_call` (tool name and input) is the
// closest hint, and the screen has to tell the rest.

const TIMEOUT_MS = 2000

/** The text of an assistant message (content is a string or a list of typed parts). */
function textOf(message) {
  const content = message?.content
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .filter((part) => part?.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n')
}

export default function switchboard(pi) {
  const url = process.env.SWITCHBOARD_REPORT_URL
  const token = process.env.SWITCHBOARD_REPORT_TOKEN
  if (!url || !token) return
  let queue = Promise.resolve()
  let lastText = null

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

  // `wait`: hold the handler until the report is out. Pi awaits session_shutdown handlers and
  // exits right after them, so a report still queued then would be lost (measured).
  const on = (name, toPayload, wait = false) =>
    pi.on(name, async (event, ctx) => {
      try {
        const payload = toPayload(event ?? {}, ctx)
        if (payload) send(name, payload)
        if (wait) await queue
      } catch {
        // Swallow: a reporting extension must never break the agent.
      }
      return undefined
    })

  on('session_start', (e) => ({ reason: e.reason }))
  // The session id with every prompt, so the board can resume the conversation (`pi --session <id>`).
  on('input', (e, ctx) => {
    lastText = null
    return { source: e.source, sessionId: ctx?.sessionManager?.getSessionId?.() ?? null }
  })
  on('agent_start', () => ({}))
  on('turn_start', () => ({}))
  on('tool_call', (e) => ({ toolName: e.toolName, toolCallId: e.toolCallId, input: e.input }))
  on('tool_execution_start', (e) => ({ toolName: e.toolName, toolCallId: e.toolCallId }))
  on('tool_result', (e) => ({ toolName: e.toolName, toolCallId: e.toolCallId, isError: e.isError }))
  on('tool_execution_end', (e) => ({ toolName: e.toolName, toolCallId: e.toolCallId, isError: e.isError }))
  on('message_end', (e) => {
    if (e.message?.role !== 'assistant') return null
    lastText = textOf(e.message)
    return { message: { role: 'assistant', content: lastText } }
  })
  on('agent_end', () => ({ lastAssistantMessage: lastText }))
  on('session_shutdown', (e) => ({ reason: e.reason }), true)
}
