import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeModelServer, chunkDelay, chunks, readJson, sleep, sseEvent, sseStart, stepTag, type ModelTurn, type Script } from './sse'

export interface ChatMessage {
  role: string
  content?: string | { type: string; text?: string }[] | null
}

/**
 * A request without tools that is not a title request (Hermes' smart-approval reviewer): the
 * answer, and how long the fake takes to give it. Null: treat it as a title request.
 */
export type AuxiliaryAnswer = (messages: readonly ChatMessage[]) => { readonly text: string; readonly delayMs?: number } | null

/**
 * A fake OpenAI-compatible Chat Completions API on 127.0.0.1 (`POST /v1/chat/completions`), as
 * OpenCode (@ai-sdk/openai-compatible), Pi (openai-completions) and Hermes (the openai SDK) use
 * it: SSE when the request says `stream: true`, one JSON completion otherwise (Hermes' auxiliary
 * calls). Stateless: the step is the last `[STEPn]` tag in a user message, and whether a `tool`
 * message follows it. A request without tools is a title request, or what `auxiliary` answers.
 */
export class FakeChat extends FakeModelServer {
  private constructor(
    script: Script,
    private readonly title: string,
    private readonly auxiliary: AuxiliaryAnswer | undefined,
  ) {
    super(script)
  }

  static start(script: Script, title = 'Fake harness session', auxiliary?: AuxiliaryAnswer): Promise<FakeChat> {
    return new FakeChat(script, title, auxiliary).listen()
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as { messages?: ChatMessage[]; tools?: unknown[]; stream?: boolean } | null
    if (body) this.bodies.push(JSON.stringify(body))
    if (req.method !== 'POST' || !req.url?.includes('/chat/completions') || !body?.messages) {
      return this.json(res, req.method === 'GET' ? '{"object":"list","data":[{"id":"fake-model","object":"model"}]}' : '{}')
    }
    const answer = body.stream ? (turn: ModelTurn) => this.stream(res, turn) : (turn: ModelTurn) => this.complete(res, turn)
    // The session-title request carries the prompt but no tools; so does an auxiliary request.
    if (!body.tools?.length) {
      const aux = this.auxiliary?.(body.messages) ?? null
      if (aux) {
        this.requests.push({ tag: null, kind: 'classifier' })
        await sleep(aux.delayMs ?? 0)
        return answer({ text: aux.text })
      }
      this.requests.push({ tag: null, kind: 'title' })
      return answer({ text: this.title })
    }
    const { tag, tools } = lastStep(body.messages)
    const turn = this.turnFor(tag, tools)
    const failure = this.failureFor(tag, tools, turn)
    if (failure !== null) return this.json(res, JSON.stringify({ error: { message: `fake ${failure}`, type: 'server_error', code: failure } }), failure)
    await answer(turn)
  }

  /** A whole completion as one JSON body (`stream` absent or false). */
  private complete(res: ServerResponse, turn: ModelTurn): void {
    const message = {
      role: 'assistant',
      content: turn.text ?? null,
      ...(turn.tool
        ? { tool_calls: [{ id: `call_${this.nextId++}`, type: 'function', function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.input) } }] }
        : {}),
    }
    const finish = turn.tool ? 'tool_calls' : 'stop'
    this.json(
      res,
      JSON.stringify({
        id: `chatcmpl-${this.nextId++}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'fake-model',
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      }),
    )
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
      chunk({
        tool_calls: [
          { index: 0, id: `call_${this.nextId++}`, type: 'function', function: { name: turn.tool.name, arguments: JSON.stringify(turn.tool.input) } },
        ],
      })
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
