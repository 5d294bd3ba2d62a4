import { afterEach, describe, expect, it } from 'vitest'
import { eventually, testBoard } from '../test/support'

let board = testBoard()
afterEach(async () => {
  await board.shutdown()
  board = testBoard()
})

/** Issue 13: every parsed chunk went to every client as its own `pane:data`, and came back as its own `pane:ack`. */
describe('output to a client is batched per turn', () => {
  it('chunks the mirror parses in one turn reach a client as one pane:data (one ack each), same bytes, same order', async () => {
    const { id } = board.create({ command: ['bash', '-c', 'sleep 0.2; seq 1 150000; sleep 0.2'], cols: 80, rows: 24 })
    const pane = board.get(id)
    const parsed: string[] = []
    pane.onDidParse((data) => parsed.push(data))
    const messages: string[] = []
    let acks = 0
    const client = board.connect((e) => {
      messages.push(e.data)
      // A client that renders at once: one ack per message, as the renderer's paneSession sends.
      queueMicrotask(() => (acks++, client.ack(id, e.data.length)))
    })
    parsed.length = 0
    await client.attach(id)
    const from = parsed.length // chunks before the attach point are in the snapshot
    await eventually(() => pane.exit, 'the program to finish', 30_000)
    // The last slice goes out after the exit's final parse: wait for the stream to catch up (a
    // lost or reordered chunk never does, and the check below says how it differs).
    await eventually(() => messages.join('').length >= parsed.slice(from).join('').length, 'the client to receive everything parsed', 10_000).catch(
      () => undefined,
    )
    expect(messages.join('')).toBe(parsed.slice(from).join(''))
    expect(messages.join('')).toContain('150000')
    // A flood is parsed many chunks per slice: far fewer messages than chunks.
    expect(messages.length).toBeLessThan((parsed.length - from) / 2)
    expect(acks).toBe(messages.length)
    client.dispose()
  })
})
