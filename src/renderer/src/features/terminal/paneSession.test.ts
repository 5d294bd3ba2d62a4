import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AttachSnapshot } from '../../../../shared/domain/pane'
import type { BoardApi, EventMap } from '../../../../shared/ipc/contract'
import type { PaneXterm } from './createTerminal'
import { PaneSession } from './paneSession'

/** A board API whose calls are recorded and whose attach answers when the test says so. */
function fakeApi() {
  const calls: string[] = []
  const listeners = new Set<(p: EventMap['pane:data']) => void>()
  const attaches: ((s: AttachSnapshot) => void)[] = []
  const api = {
    invoke(channel: string, ...args: unknown[]) {
      calls.push(`${channel} ${args.join(' ')}`.trim())
      if (channel === 'pane:attach') return new Promise<AttachSnapshot>((resolve) => attaches.push(resolve))
      return Promise.resolve(undefined)
    },
    send(channel: string, ...args: unknown[]) {
      calls.push(`${channel} ${args.join(' ')}`)
    },
    on(_event: string, listener: (p: EventMap['pane:data']) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  } as unknown as BoardApi
  const data = (paneId: string, text: string) => listeners.forEach((l) => l({ paneId, data: text }))
  const answerAttach = (serialized: string) => attaches.shift()?.({ paneId: '1', cols: 80, rows: 24, serialized })
  return { api, calls, data, answerAttach, listenerCount: () => listeners.size }
}

/** An xterm stand-in: records what is written, runs write callbacks on a later tick like xterm. */
function fakeXterm(fit = { cols: 100, rows: 30 }) {
  const log: string[] = []
  const term = {
    cols: 80,
    rows: 24,
    options: {} as Record<string, unknown>,
    reset: () => log.push('reset'),
    resize(cols: number, rows: number) {
      term.cols = cols
      term.rows = rows
      log.push(`resize ${cols}x${rows}`)
    },
    write(data: string, done?: () => void) {
      log.push(`write ${JSON.stringify(data)}`)
      if (done) setTimeout(done, 0)
    },
    onData: () => ({ dispose() {} }),
  }
  const xterm = { term, fit: { proposeDimensions: () => fit }, renderer: () => 'dom', dispose() {} } as unknown as PaneXterm
  return { xterm, log }
}

/**
 * Runs everything the session has pending (promise callbacks, the stand-in's write callbacks) on
 * the virtual clock until nothing is left: what is not there after it was never going to come.
 */
const settle = () => vi.runAllTimersAsync()

describe('PaneSession', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('listens before attaching, queues data until the snapshot is written, then acks each chunk', async () => {
    const board = fakeApi()
    const { xterm, log } = fakeXterm()
    let attached = false
    const session = new PaneSession(board.api, '1', xterm, { readOnly: false, onAttached: () => (attached = true), onError: () => undefined })
    session.start()
    await settle()
    expect(board.calls).toEqual(['pane:attach 1'])
    expect(board.listenerCount()).toBe(1)

    board.data('1', 'early')
    board.data('2', 'other pane')
    board.answerAttach('SNAP')
    board.data('1', 'late')
    await settle()
    await settle()
    expect(log).toEqual(['reset', 'resize 80x24', 'write "SNAP"', 'write "early"', 'write "late"'])
    expect(attached).toBe(true)
    expect(board.calls.filter((c) => c.startsWith('pane:ack'))).toEqual(['pane:ack 1 5', 'pane:ack 1 4'])

    // Fit after attach: the board learns the new size once, not again for the same size.
    expect(session.fit()).toEqual({ cols: 100, rows: 30 })
    session.fit()
    expect(board.calls.filter((c) => c.startsWith('pane:resize'))).toEqual(['pane:resize 1 100 30'])
    session.dispose()
    await settle()
    expect(board.calls.at(-1)).toBe('pane:detach 1')
    expect(board.listenerCount()).toBe(0)
  })

  it('detaches only after a pending attach answered, and a new view attaches only after that', async () => {
    const board = fakeApi()
    const first = new PaneSession(board.api, '1', fakeXterm().xterm, { readOnly: false, onAttached: () => undefined, onError: () => undefined })
    first.start()
    await settle()
    first.dispose() // while the attach is in flight
    const second = new PaneSession(board.api, '1', fakeXterm().xterm, { readOnly: false, onAttached: () => undefined, onError: () => undefined })
    second.start()
    await settle()
    expect(board.calls).toEqual(['pane:attach 1'])
    board.answerAttach('A')
    await settle()
    expect(board.calls).toEqual(['pane:attach 1', 'pane:detach 1', 'pane:attach 1'])
    second.dispose()
    board.answerAttach('B')
    await settle()
    expect(board.calls.at(-1)).toBe('pane:detach 1')
  })

  it('sends no resize for an exited (read-only) pane', async () => {
    const board = fakeApi()
    const session = new PaneSession(board.api, '1', fakeXterm().xterm, { readOnly: true, onAttached: () => undefined, onError: () => undefined })
    session.start()
    await settle()
    board.answerAttach('FINAL')
    await settle()
    session.fit()
    expect(board.calls.some((c) => c.startsWith('pane:resize'))).toBe(false)
    session.dispose()
  })
})
