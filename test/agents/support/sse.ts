import type { ServerResponse } from 'node:http'

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Starts a Server-Sent Events response. */
export function sseStart(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
}

export function sseEvent(res: ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
}

/** Splits a text into chunks of `size` characters, as a model streams it. */
export function chunks(text: string, size = 12): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

/** Reads a JSON request body (the fakes trust their clients: they are the CLIs under test). */
export function readJson(req: import('node:http').IncomingMessage): Promise<unknown> {
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
