import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeModelServer, chunkDelay, chunks, readJson, sleep, sseEvent, sseStart, stepTag, type ModelTurn, type Script } from './sse'

interface ChatMessage {
  role: string
  content?: string | { type: string; text?: string }[] | null
}

/**
 * A fake OpenAI-compatible Chat Completions API on 127.0.0.1 (`POST /v1/chat/completions`, SSE),
 * as OpenCode (@ai-sdk/openai-compatible) and Pi (openai-completions) use it. Stateless: the step
 * is the last `[STEPn]` tag in a user message, and whether a `tool` message follows it. A request
 * without tools is a title request.
 */
export class FakeChat extends FakeModelServer {

  private constructor(
    script: Script,
    private readonly title: string,
  ) {
    super(script)
  }

  static start(script: Script, title = 'Fake harness session'): Promise<FakeChat> {
    return new FakeChat(script, title).listen()
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as { messages?: ChatMessage[]; tools?: unknown[] } | null
    if (body) this.bodies.push(JSON.stringify(body))
    if (req.method !== 'POST' || !req.url?.includes('/chat/completions') || !body?.messages) {
      return this.json(res, req.method === 'GET' ? '{"object":"list","data":[{"id":"fake-model","object":"model"}]}' : '{}')
    }
    // The session-title request carries the prompt but no tools.
    if (!body.tools?.length) {
      this.requests.push({ tag: null, kind: 'title' })
      return this.stream(res, { text: this.title })
    }
    const { tag, tools } = lastStep(body.messages)
    const turn = this.turnFor(tag, tools)
    const failure = this.failureFor(tag, tools, turn)
    if (failure !== null) return this.json(res, JSON.stringify({ error: { message: `fake ${failure}`, type: 'server_error', code: failure } }), failure)
    await this.stream(res, turn)
  }

  private async stream(res: ServerResponse, turn: ModelTurn): Promise<void> {
    const id = `chatcmpl-${this.nextId++}`
    const created = Math.floor(Date.now() / 1000)
    const chunk = (delta: unknown, finish: string | null = null, extra: object = {}) =>
      sseEvent(res, { id, object: 'chat.completion.chunk', created, model: 'fake-model', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })
    sseStart(res)
    chunk({ role: 'assistant', content: '' })
    for (const piece of turn.text ? chunks(turn.text) : []) {
      chunk({ content: piece })
      await sleep(chunkDelay(turn))
    }
    if (turn.tool) {
      chunk({ tool_calls: [{ index: 0, id: `call_${this.nextId++}`, type: 'function', function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.input) } }] })
    }
    chunk({}, turn.tool ? 'tool_calls' : 'stop', { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } })
    sseEvent(res, '[DONE]')
    res.end()
  }
}

function lastStep(messages: ChatMessage[]): { tag: string | null; tools: number } {
  let tools = 0
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role === 'tool') tools++
    if (m.role !== 'user') continue
    const text = typeof m.content === 'string' ? m.content : (m.content ?? []).map((b) => b.text ?? '').join('\n')
    const tag = stepTag(text)
    if (tag) return { tag, tools }
  }
  return { tag: null, tools }
}
