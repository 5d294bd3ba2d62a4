/**
 * What the fake model servers (fakeAnthropic, fakeResponses, fakeChat) share: the HTTP server on
 * 127.0.0.1, the request log, the scenario script chosen by `[STEPn]` tags, and SSE writing. Each
 * fake keeps only its API's own wire format.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fake model does for one step: say something, and maybe call a tool. */
export interface ModelTurn {
  readonly text?: string
  readonly tool?: { readonly name: string; readonly input: Record<string, unknown> }
  /**
   * The API fails the first `times` requests for this turn with `status` (an overload, a server
   * error): the agent's retries, then the turn. `times` beyond the agent's retries ends the turn
   * in an API error.
   */
  readonly fail?: { readonly status: number; readonly times: number }
  /** Milliseconds between streamed chunks of the text (default 15): a reply slow enough to interrupt. */
  readonly chunkDelayMs?: number
}

/**
 * A step of the scenario, chosen by a `[TAG]` in the user's prompt: `first` answers the prompt,
 * `after` answers once a tool result came back.
 */
export interface ScriptStep {
  readonly first: ModelTurn
  readonly after?: ModelTurn
  /** Once a second, third … tool result came back (a tool chain: read, then edit): `then[0]`, `then[1]` …; past them, `after`. */
  readonly then?: readonly ModelTurn[]
}

export type Script = Readonly<Record<string, ScriptStep>>

/** The `[STEPn]` tag in a text the user typed, if any. */
export function stepTag(text: string | undefined): string | null {
  return /\[(STEP\w+)\]/.exec(text ?? '')?.[1] ?? null
}

/**
 * The HTTP half of a fake model API. Stateless about the conversation: each request names its
 * step (the last tag the user typed, and whether a tool result follows it).
 */
export abstract class FakeModelServer {
  readonly requests: { tag: string | null; kind: 'title' | 'classifier' | 'first' | 'after' | 'other' }[] = []
  /** Every request body as sent, for tests that check what the agent sent (e.g. a resumed conversation). */
  readonly bodies: string[] = []
  protected nextId = 1
  private server: Server | undefined

  protected constructor(protected readonly script: Script) {}

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>

  /** Listens on a free port of 127.0.0.1; a handler that throws answers 500 instead of hanging the CLI. */
  protected async listen(): Promise<this> {
    const server = createServer()
    server.on(
      'request',
      (req, res) =>
        void this.handle(req, res).catch((err: unknown) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
          res.end(`fake model server: ${String(err)}`)
        }),
    )
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    this.server = server
    return this
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`
  }

  /** Requests answered with an error so far, per step and half (`STEP7:first`). */
  private readonly failures = new Map<string, number>()

  /** The scripted turn for a request, logged in `requests`. */
  /** `tools`: how many tool results came back since the step's prompt. */
  protected turnFor(tag: string | null, tools: number, unscripted = 'Nothing scripted for that.'): ModelTurn {
    const step = tag ? this.script[tag] : undefined
    this.requests.push({ tag, kind: step ? (tools > 0 ? 'after' : 'first') : 'other' })
    if (!step) return { text: unscripted }
    if (tools === 0) return step.first
    return (tools >= 2 ? step.then?.[tools - 2] : undefined) ?? step.after ?? { text: 'Done.' }
  }

  /**
   * The error status this request gets instead of its turn, while the turn's `fail` count lasts
   * (counted per step and half), else null.
   */
  protected failureFor(tag: string | null, tools: number, turn: ModelTurn): number | null {
    if (!turn.fail || tag === null) return null
    const key = `${tag}:${tools}`
    const sent = this.failures.get(key) ?? 0
    if (sent >= turn.fail.times) return null
    this.failures.set(key, sent + 1)
    return turn.fail.status
  }

  /** Forgets the failures sent, so a step fails afresh (the same step run twice in one scenario). */
  resetFailures(): void {
    this.failures.clear()
  }

  /** A request that is not a model turn (model lists, probes): a small JSON answer. */
  protected json(res: ServerResponse, body: string, status = 200): void {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(body)
  }

  close(): Promise<void> {
    const server = this.server
    if (!server) return Promise.resolve()
    server.closeAllConnections()
    return new Promise((r) => server.close(() => r()))
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Starts a Server-Sent Events response. */
export function sseStart(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
}

export function sseEvent(res: ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
}

/** The pause between streamed chunks of a turn's text. */
export const chunkDelay = (turn: ModelTurn) => turn.chunkDelayMs ?? 15

/** Splits a text into chunks of `size` characters, as a model streams it. */
export function chunks(text: string, size = 12): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

/** Reads a JSON request body (the fakes trust their clients: they are the CLIs under test). */
export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      try {
        resolve(body ? JSON.parse(body) : null)
      } catch {
        resolve(null)
      }
    })
  })
}
