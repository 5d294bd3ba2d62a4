import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chunks, readJson, sleep, sseEvent, sseStart } from './sse'
import type { ModelTurn, ScriptStep } from './fakeAnthropic'

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
export class FakeChat {
  readonly requests: { tag: string | null; kind: 'title' | 'first' | 'after' | 'other' }[] = []
  /** Every request body as sent, for tests that check what the agent sent (e.g. a resumed conversation). */
  readonly bodies: string[] = []
  private nextId = 1

  private constructor(
    private readonly server: Server,
    private readonly script: Readonly<Record<string, ScriptStep>>,
    private readonly title: string,
  ) {}

  static async start(script: Readonly<Record<string, ScriptStep>>, title = 'Fake harness session'): Promise<FakeChat> {
    const server = createServer()
    const fake = new FakeChat(server, script, title)
    server.on('request', (req, res) => void fake.handle(req, res))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    return fake
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as { messages?: ChatMessage[]; tools?: unknown[] } | null
    if (body) this.bodies.push(JSON.stringify(body))
    if (req.method !== 'POST' || !req.url?.includes('/chat/completions') || !body?.messages) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return void res.end(req.method === 'GET' ? '{"object":"list","data":[{"id":"fake-model","object":"model"}]}' : '{}')
    }
    // The session-title request carries the prompt but no tools.
    if (!body.tools?.length) {
      this.requests.push({ tag: null, kind: 'title' })
      return this.stream(res, { text: this.title })
    }
    const { tag, afterTool } = lastStep(body.messages)
    const step = tag ? this.script[tag] : undefined
    this.requests.push({ tag, kind: step ? (afterTool ? 'after' : 'first') : 'other' })
    await this.stream(res, step ? (afterTool ? (step.after ?? { text: 'Done.' }) : step.first) : { text: 'Nothing scripted for that.' })
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
      await sleep(15)
    }
    if (turn.tool) {
      chunk({ tool_calls: [{ index: 0, id: `call_${this.nextId++}`, type: 'function', function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.input) } }] })
    }
    chunk({}, turn.tool ? 'tool_calls' : 'stop', { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } })
    sseEvent(res, '[DONE]')
    res.end()
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((r) => this.server.close(() => r()))
  }
}

function lastStep(messages: ChatMessage[]): { tag: string | null; afterTool: boolean } {
  let afterTool = false
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role === 'tool') afterTool = true
    if (m.role !== 'user') continue
    const text = typeof m.content === 'string' ? m.content : (m.content ?? []).map((b) => b.text ?? '').join('\n')
    const tag = /\[(STEP\w+)\]/.exec(text)?.[1]
    if (tag) return { tag, afterTool }
  }
  return { tag: null, afterTool }
}
