import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeModelServer, chunkDelay, chunks, readJson, sleep, sseEvent, sseStart, stepTag, type ModelTurn, type Script } from './sse'

interface Part {
  text?: string
  functionCall?: { name: string; args?: unknown }
  functionResponse?: { name: string; response?: unknown }
}

interface Content {
  role?: string
  parts?: Part[]
}

interface GenerateRequest {
  contents?: Content[]
  tools?: { functionDeclarations?: unknown[] }[]
  generationConfig?: { responseJsonSchema?: JsonSchema; responseSchema?: JsonSchema }
}

interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
}

/** The words of Gemini CLI 0.61's session-summary request (a title for `/resume`'s list). */
const TITLE_PROMPT = "Summarize the user's primary intent"

/**
 * A fake Gemini API (generativelanguage v1beta) on 127.0.0.1, as Gemini CLI 0.61 calls it with
 * `GOOGLE_GEMINI_BASE_URL`: `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` for the
 * turns (SSE of GenerateContentResponse chunks, tools as `functionCall` parts), `:generateContent`
 * for its side requests (the session summary, and JSON-schema requests such as the model router's
 * classifier), `:countTokens`. Stateless like the other fakes: the step is the last `[STEPn]` tag
 * the user typed, and whether a `functionResponse` follows it.
 */
export class FakeGemini extends FakeModelServer {
  /** The JSON of every tool result the CLI sent back (what the user answered a dialog with). */
  readonly toolResults: string[] = []

  static start(script: Script): Promise<FakeGemini> {
    return new FakeGemini(script).listen()
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as GenerateRequest | null
    if (body) this.bodies.push(JSON.stringify(body))
    const url = req.url ?? ''
    if (req.method === 'POST' && url.includes(':countTokens')) return this.json(res, '{"totalTokens":100}')
    const stream = url.includes(':streamGenerateContent')
    if (req.method !== 'POST' || (!stream && !url.includes(':generateContent')) || !body?.contents) {
      return this.json(res, JSON.stringify({ error: { code: 404, message: `fake Gemini API: nothing at ${req.method} ${url}`, status: 'NOT_FOUND' } }), 404)
    }
    const schema = body.generationConfig?.responseJsonSchema ?? body.generationConfig?.responseSchema
    if (schema) {
      this.requests.push({ tag: null, kind: 'classifier' })
      return this.answer(res, stream, { text: JSON.stringify(sampleOf(schema)) })
    }
    if (!body.tools?.length || JSON.stringify(body.contents.at(-1) ?? '').includes(TITLE_PROMPT)) {
      this.requests.push({ tag: null, kind: 'title' })
      return this.answer(res, stream, { text: 'Fake harness session' })
    }
    const { tag, tools } = lastStep(body.contents)
    const result = lastToolResult(body.contents)
    if (result !== null) this.toolResults.push(result)
    await this.answer(res, stream, this.turnFor(tag, tools))
  }

  private async answer(res: ServerResponse, stream: boolean, turn: ModelTurn): Promise<void> {
    const usageMetadata = { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 }
    const response = (parts: Part[], last: boolean) => ({
      candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
      ...(last ? { usageMetadata } : {}),
      modelVersion: 'fake-gemini',
      responseId: `fake-${this.nextId++}`,
    })
    const call: Part[] = turn.tool ? [{ functionCall: { name: turn.tool.name, args: turn.tool.input } }] : []
    if (!stream) return this.json(res, JSON.stringify(response([...(turn.text ? [{ text: turn.text }] : []), ...call], true)))
    sseStart(res)
    const pieces = turn.text ? chunks(turn.text) : []
    for (const [i, piece] of pieces.entries()) {
      sseEvent(res, response([{ text: piece }], i === pieces.length - 1 && !call.length))
      await sleep(chunkDelay(turn))
    }
    if (call.length || !pieces.length) sseEvent(res, response(call, true))
    res.end()
  }
}

/** A value of the schema's shape (the model router's classifier wants `complexity_score`). */
function sampleOf(schema: JsonSchema): unknown {
  switch ((schema.type ?? 'object').toLowerCase()) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]))
    case 'integer':
    case 'number':
      return 10
    case 'boolean':
      return false
    case 'array':
      return []
    default:
      return 'fake'
  }
}

/** The JSON of the newest tool result, when the request's last content is one. */
function lastToolResult(contents: Content[]): string | null {
  const part = contents.at(-1)?.parts?.find((p) => p.functionResponse)
  return part ? JSON.stringify(part.functionResponse!.response ?? null) : null
}

/** The last `[TAG]` the user typed, and whether a tool result came after it. */
/** The step's tag and how many tool results came back since its prompt. */
function lastStep(contents: Content[]): { tag: string | null; tools: number } {
  let tools = 0
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i]!
    if (c.role !== 'user') continue
    for (const part of [...(c.parts ?? [])].reverse()) {
      if (part.functionResponse) tools++
      const tag = stepTag(part.text)
      if (tag) return { tag, tools }
    }
  }
  return { tag: null, tools }
}
