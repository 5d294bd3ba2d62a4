/**
 * Newline-delimited JSON, the control socket's framing: one JSON value per line, `\n` ends it.
 * Both ends (the board's control socket, the CLI, the bench clients) frame through here.
 */
import type { Socket } from 'node:net'
import { RpcClient } from '../../shared/ipc/rpcClient'
import type { ServerMessage } from '../../shared/ipc/wire'

/** One message as a line. JSON.stringify escapes newlines inside strings, so the line is whole. */
export function jsonLine(message: unknown): string {
  return JSON.stringify(message) + '\n'
}

export interface LineReaderOptions {
  /** A partial line longer than this is never a message of ours: `onOversized` runs and reading stops. */
  readonly maxLine?: number
  readonly onOversized?: () => void
}

/**
 * Feeds a utf8 socket's data to `onLine` one complete, non-blank line at a time (without its `\n`),
 * in order; a line split across chunks waits for its end.
 */
export function readLines(socket: Socket, onLine: (line: string) => void, options: LineReaderOptions = {}): void {
  socket.setEncoding('utf8')
  const push = lineSplitter(onLine, options)
  socket.on('data', (chunk: string) => push(chunk))
}

/** The stream-independent half of `readLines`: call the result with each chunk of text. */
export function lineSplitter(onLine: (line: string) => void, { maxLine = Infinity, onOversized }: LineReaderOptions = {}): (chunk: string) => void {
  let buffered = ''
  let stopped = false
  return (chunk) => {
    if (stopped) return
    buffered += chunk
    let start = 0
    let nl: number
    while (!stopped && (nl = buffered.indexOf('\n', start)) >= 0) {
      const line = buffered.slice(start, nl)
      start = nl + 1
      if (line.trim()) onLine(line)
    }
    buffered = buffered.slice(start)
    if (buffered.length > maxLine) {
      stopped = true
      buffered = ''
      onOversized?.()
    }
  }
}

/**
 * An RpcClient over a control socket: calls go out as JSON lines, the board's lines come back as
 * messages. A line that is not JSON means the peer is not a board: the socket is destroyed with
 * that error, which (through 'close') fails every pending call instead of leaving it hanging.
 */
export function rpcOverSocket(socket: Socket): RpcClient {
  const client = new RpcClient((msg) => void (!socket.destroyed && socket.write(jsonLine(msg))))
  readLines(socket, (line) => {
    let message: ServerMessage
    try {
      message = JSON.parse(line) as ServerMessage
    } catch {
      socket.destroy(new Error(`the board sent a line that is not JSON: ${JSON.stringify(line.slice(0, 80))}`))
      return
    }
    client.receive(message)
  })
  return client
}
