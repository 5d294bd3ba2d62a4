import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeModelServer, chunkDelay, chunks, readJson, sleep, sseEvent, sseStart, stepTag, type ModelTurn, type Script } from './sse'

export type { ModelTurn, ScriptStep } from './sse'

interface Message {
  role: string
  content: string | { type: string; text?: string }[]
}

/**
 * A fake Anthropic Messages API on 127.0.0.1 (`POST /v1/messages`, SSE). It keeps no state: the
 * step comes from the last `[TAG]` the user typed, and whether a tool result follows it.
 */
export class FakeAnthropic extends FakeModelServer {
  /** The text of every tool result the CLI sent back (what the user answered a dialog with). */
  readonly toolResults: string[] = []
  /**
   * How the auto-mode classifier answers for a transcript: commands naming `BLOCKME` are blocked,
   * `NOCHECK` makes the classifier fail (the "could not check" path), anything else is allowed.
   */
  classifier: (transcript: string) => 'allow' | 'block' | 'error' = (t) => (t.includes('NOCHECK') ? 'error' : t.includes('BLOCKME') ? 'block' : 'allow')

  static start(script: Script): Promise<FakeAnthropic> {
    return new FakeAnthropic(script).listen()
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as { tools?: unknown[]; messages?: Message[]; model?: string; system?: unknown; stream?: boolean } | null
    if (body) this.bodies.push(JSON.stringify(body))
    if (req.method === 'POST' && req.url?.startsWith('/v1/messages/count_tokens')) return void res.end(JSON.stringify({ input_tokens: 100 }))
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages') || !body?.messages) return this.json(res, req.method === 'GET' ? '{"data":[]}' : '{}')
    // Claude 2.1.332's auto-mode classifier: a side request whose system prompt asks for `<block>yes|no`.
    if (JSON.stringify(body.system ?? '').includes('You are a security monitor')) {
      this.requests.push({ tag: null, kind: 'classifier' })
      const verdict = this.classifier(JSON.stringify(body.messages))
      if (verdict === 'error') return this.json(res, JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'fake classifier outage' } }), 500)
      const text = verdict === 'block' ? '<block>yes</block><reason>the fake classifier blocks BLOCKME</reason>' : '<block>no</block>'
      if (body.stream) return this.stream(res, body.model ?? 'claude', { text })
      const usage = { input_tokens: 100, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
      return this.json(
        res,
        JSON.stringify({
          id: `msg_${this.nextId++}`,
          type: 'message',
          role: 'assistant',
          model: body.model ?? 'claude',
          content: [{ type: 'text', text }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage,
        }),
      )
    }
    // The session-title request has no tools: answer with the JSON title Claude expects.
    if (!body.tools?.length) {
      this.requests.push({ tag: null, kind: 'title' })
      return this.stream(res, body.model ?? 'claude', { text: '{"title": "Harness scenario"}' })
    }
    const { tag, tools } = lastStep(body.messages)
    const result = lastToolResult(body.messages)
    if (result !== null) this.toolResults.push(result)
    const turn = this.turnFor(tag, tools, 'I have nothing scripted for that.')
    const failure = this.failureFor(tag, tools, turn)
    // The Messages API's own error shape (529 overloaded_error is what Claude retries with its "Retrying in Ns").
    if (failure !== null)
      return this.json(
        res,
        JSON.stringify({ type: 'error', error: { type: failure === 529 ? 'overloaded_error' : 'api_error', message: `fake ${failure}` } }),
        failure,
      )
    await this.stream(res, body.model ?? 'claude', turn)
  }

  private async stream(res: ServerResponse, model: string, turn: ModelTurn): Promise<void> {
    sseStart(res)
    const usage = { input_tokens: 100, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
    sseEvent(
      res,
      {
        type: 'message_start',
        message: { id: `msg_${this.nextId++}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage },
      },
      'message_start',
    )
    let index = 0
    if (turn.text) {
      sseEvent(res, { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start')
      for (const piece of chunks(turn.text)) {
        sseEvent(res, { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }, 'content_block_delta')
        await sleep(chunkDelay(turn))
      }
      sseEvent(res, { type: 'content_block_stop', index }, 'content_block_stop')
      index++
    }
    if (turn.tool) {
      const id = `toolu_fake${this.nextId++}`
      sseEvent(res, { type: 'content_block_start', index, content_block: { type: 'tool_use', id, name: turn.tool.name, input: {} } }, 'content_block_start')
      sseEvent(
        res,
        { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(turn.tool.input) } },
        'content_block_delta',
      )
      sseEvent(res, { type: 'content_block_stop', index }, 'content_block_stop')
    }
    sseEvent(
      res,
      { type: 'message_delta', delta: { stop_reason: turn.tool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } },
      'message_delta',
    )
    sseEvent(res, { type: 'message_stop' }, 'message_stop')
    res.end()
  }
}

/** The text of the newest tool result in a request, or null when there is none. */
function lastToolResult(messages: Message[]): string | null {
  const last = messages.at(-1)
  if (!last || last.role !== 'user' || typeof last.content === 'string') return null
  const block = last.content.find((b) => b.type === 'tool_result')
  if (!block) return null
  const content = (block as { content?: unknown }).content
  if (typeof content === 'string') return content
  return Array.isArray(content) ? content.map((c) => (c && typeof c === 'object' ? String((c as { text?: unknown }).text ?? '') : '')).join('\n') : ''
}

/** The last `[TAG]` the user typed, and whether a tool result came after it (after an interrupted
 * tool, Claude sends the rejected tool's result and the next prompt in one message). */
function lastStep(messages: Message[]): { tag: string | null; tools: number } {
  let tools = 0
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role !== 'user') continue
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content
    for (let j = blocks.length - 1; j >= 0; j--) {
      const b = blocks[j]!
      if (b.type === 'tool_result') tools++
      const tag = b.type === 'text' ? stepTag(b.text) : null
      if (tag) return { tag, tools }
    }
  }
  return { tag: null, tools }
}
