import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeModelServer, chunkDelay, chunks, readJson, sleep, sseEvent, sseStart, stepTag, type ModelTurn, type Script } from './sse'

interface InputItem {
  type?: string
  role?: string
  content?: string | { type: string; text?: string }[]
}

/**
 * A fake OpenAI Responses API on 127.0.0.1 (`POST /v1/responses`, SSE), as Codex 0.171 uses it.
 * Stateless like the Anthropic fake: the step is the last `[STEPn]` tag the user typed, and
 * whether a function_call_output follows it. Codex's thread-title request (a JSON-schema output
 * named codex_output_schema, no tools) gets a fixed title.
 */
export class FakeResponses extends FakeModelServer {
  static start(script: Script): Promise<FakeResponses> {
    return new FakeResponses(script).listen()
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as { input?: InputItem[]; tools?: unknown[]; text?: { format?: { name?: string } } } | null
    if (body) this.bodies.push(JSON.stringify(body))
    if (req.method !== 'POST' || !req.url?.includes('/responses') || !body?.input) {
      return this.json(res, req.method === 'GET' ? '{"data":[],"models":[]}' : '{}')
    }
    if (body.text?.format?.name === 'codex_output_schema' || !body.tools?.length) {
      this.requests.push({ tag: null, kind: 'title' })
      return this.stream(res, { text: '{"title":"Harness task"}' })
    }
    const { tag, tools } = lastStep(body.input)
    const turn = this.turnFor(tag, tools)
    const failure = this.failureFor(tag, tools, turn)
    if (failure !== null) return this.json(res, JSON.stringify({ error: { type: 'server_error', message: `fake ${failure}`, code: null } }), failure)
    await this.stream(res, turn)
  }

  private async stream(res: ServerResponse, turn: ModelTurn): Promise<void> {
    const respId = `resp_${this.nextId++}`
    sseStart(res)
    sseEvent(res, { type: 'response.created', response: { id: respId } }, 'response.created')
    let index = 0
    if (turn.text) {
      const id = `msg_${this.nextId++}`
      sseEvent(
        res,
        { type: 'response.output_item.added', output_index: index, item: { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] } },
        'response.output_item.added',
      )
      for (const piece of chunks(turn.text)) {
        sseEvent(res, { type: 'response.output_text.delta', item_id: id, output_index: index, content_index: 0, delta: piece }, 'response.output_text.delta')
        await sleep(chunkDelay(turn))
      }
      const item = { type: 'message', id, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] }
      sseEvent(res, { type: 'response.output_item.done', output_index: index, item }, 'response.output_item.done')
      index++
    }
    if (turn.tool) {
      const id = `fc_${this.nextId++}`
      const item = {
        type: 'function_call',
        id,
        call_id: `call_${this.nextId++}`,
        name: turn.tool.name,
        arguments: JSON.stringify(turn.tool.input),
        status: 'completed',
      }
      sseEvent(
        res,
        { type: 'response.output_item.added', output_index: index, item: { ...item, arguments: '', status: 'in_progress' } },
        'response.output_item.added',
      )
      sseEvent(
        res,
        { type: 'response.function_call_arguments.delta', item_id: id, output_index: index, delta: item.arguments },
        'response.function_call_arguments.delta',
      )
      sseEvent(
        res,
        { type: 'response.function_call_arguments.done', item_id: id, output_index: index, arguments: item.arguments },
        'response.function_call_arguments.done',
      )
      sseEvent(res, { type: 'response.output_item.done', output_index: index, item }, 'response.output_item.done')
    }
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 120,
    }
    sseEvent(res, { type: 'response.completed', response: { id: respId, usage } }, 'response.completed')
    res.end()
  }
}

function lastStep(input: InputItem[]): { tag: string | null; tools: number } {
  let tools = 0
  for (let i = input.length - 1; i >= 0; i--) {
    const item = input[i]!
    if (item.type === 'function_call_output') tools++
    if (item.role !== 'user') continue
    const blocks = typeof item.content === 'string' ? [{ type: 'input_text', text: item.content }] : (item.content ?? [])
    for (const b of blocks) {
      const tag = stepTag(b.text)
      if (tag) return { tag, tools }
    }
  }
  return { tag: null, tools }
}
