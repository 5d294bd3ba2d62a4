import { afterEach, describe, expect, it } from 'vitest'
import type { BoardInfo } from '../../shared/ipc/contract'
import { eventually, testBoard } from '../test/support'
import { silentLogger } from '../util/log'
import { OutboxLimits, type ClientTransport } from './clientOutbox'
import { openConnection } from './connection'

const board = testBoard()
afterEach(() => board.shutdown())

/** A client's connection that takes nothing until told to: a window busy drawing, a tab in the background. */
function stalledTransport() {
  const t = {
    backlog: 0,
    closedWith: null as string | null,
    messages: [] as string[],
    write(text: string) {
      t.backlog += text.length
      t.messages.push(text)
    },
    buffered: () => t.backlog,
    close(reason: string) {
      t.closedWith = reason
    },
  }
  return t satisfies ClientTransport
}

/**
 * A pane's output goes to a client as it is read, a window of unacknowledged chars per pane. On the
 * wire a control char costs six bytes (`\u0007`), and one connection carries every pane it shows:
 * the window let a client attached to a bell flood reach the connection's hard cap, and the board
 * closed a client that was reading (npm run bench, isolation, "bells": the flood client's
 * connection closed). Output to a connection that is backed up waits, and the pane is redrawn
 * for it from the mirror once it drains.
 */
describe('a client whose connection is backed up', () => {
  it('is skipped, not closed, and gets the pane redrawn once its connection drains', async () => {
    const { id } = board.create({ command: ['bash', '-c', `while :; do head -c 20000 /dev/zero | tr '\\0' '\\a'; done`] })
    const transport = stalledTransport()
    const connection = openConnection(board, () => ({}) as BoardInfo, transport, silentLogger)
    try {
      connection.receive(JSON.stringify({ t: 'invoke', id: 1, channel: 'pane:attach', args: [id] }))
      await eventually(() => transport.backlog > OutboxLimits.SoftBytes || null, 'the connection to back up', 10_000)
      // The flood goes on: whatever more it would have sent, it sends no more now.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(transport.closedWith).toBeNull()
      expect(transport.backlog).toBeLessThan(OutboxLimits.HardBytes)

      const drainedAt = transport.messages.length
      transport.backlog = 0
      await eventually(() => transport.messages.slice(drainedAt).some((m) => m.includes('"resync":true')), 'a redraw once drained', 10_000)
      expect(transport.closedWith).toBeNull()
    } finally {
      connection.dispose()
    }
  })
})
