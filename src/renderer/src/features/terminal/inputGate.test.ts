import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TypeResult } from '../../../../shared/domain/answer'
import { InputGate } from './inputGate'

/** A guard whose answers the test gives, one request at a time. */
function fakeGuard() {
  const requests: { data: string; answer: (r: TypeResult) => void }[] = []
  const held: string[] = []
  const gate = new InputGate({
    send: (data) => new Promise<TypeResult>((answer) => requests.push({ data, answer })),
    seen: () => ({ state: 'idle', since: 0 }),
    onHeld: (keys) => held.push(keys),
  })
  return { gate, requests, held }
}
/** Runs the gate's pending promise callbacks on the virtual clock until nothing is left. */
const settle = () => vi.runAllTimersAsync()

describe('input gate', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('sends one request at a time and batches what is typed meanwhile, in order', async () => {
    const { gate, requests } = fakeGuard()
    gate.type('a')
    gate.type('b')
    gate.type('c')
    expect(requests.map((r) => r.data)).toEqual(['a'])
    requests[0]!.answer({ delivered: true })
    await settle()
    expect(requests.map((r) => r.data)).toEqual(['a', 'bc'])
  })

  it('holds what the guard held plus everything typed after it, until sent or discarded', async () => {
    const { gate, requests, held } = fakeGuard()
    gate.type('y')
    gate.type('\r')
    requests[0]!.answer({ delivered: false, reason: 'dialog opened' })
    await settle()
    expect(held.at(-1)).toBe('y\r')
    gate.type('1')
    expect(held.at(-1)).toBe('y\r1')
    expect(requests).toHaveLength(1) // nothing overtakes the held keys
    expect(gate.release()).toBe('y\r1')
    expect(held.at(-1)).toBe('')
    gate.type('z')
    expect(requests.map((r) => r.data)).toEqual(['y', 'z'])
  })

  it('drops held keys on discard, and everything once disposed', async () => {
    const { gate, requests, held } = fakeGuard()
    gate.type('y')
    requests[0]!.answer({ delivered: false, reason: 'x' })
    await settle()
    gate.discard()
    expect(held.at(-1)).toBe('')
    gate.dispose()
    gate.type('q')
    expect(requests).toHaveLength(1)
  })
})
