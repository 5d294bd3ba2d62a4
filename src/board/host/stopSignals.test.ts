import { afterEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../util/log'
import { STOP_DEADLINE_MS, installStopSignals } from './stopSignals'

const installed: (() => void)[] = []
afterEach(() => {
  for (const off of installed.splice(0)) off()
  vi.useRealTimers()
})

describe('stop signals', () => {
  it('runs the steps in order and exits 0', async () => {
    const order: string[] = []
    const exited = new Promise<number>((resolve) =>
      installed.push(installStopSignals(silentLogger, [async () => void order.push('panes'), async () => void order.push('servers')], resolve)),
    )
    process.emit('SIGTERM', 'SIGTERM')
    expect(await exited).toBe(0)
    expect(order).toEqual(['panes', 'servers'])
  })

  it('exits by the deadline when a step hangs (a socket that never closes), and at once on a second signal', () => {
    vi.useFakeTimers()
    const codes: number[] = []
    installed.push(installStopSignals(silentLogger, [() => new Promise<void>(() => undefined)], (code) => codes.push(code)))
    process.emit('SIGHUP', 'SIGHUP')
    vi.advanceTimersByTime(STOP_DEADLINE_MS - 1)
    expect(codes).toEqual([])
    vi.advanceTimersByTime(1)
    expect(codes).toEqual([1])
    process.emit('SIGINT', 'SIGINT')
    expect(codes).toEqual([1, 1])
  })
})

describe('the hand-over signal', () => {
  it('runs the hand-over steps, not the stop steps, and only where it is installed', async () => {
    const order: string[] = []
    const exited = new Promise<number>((resolve) =>
      installed.push(installStopSignals(silentLogger, [async () => void order.push('end panes')], resolve, [async () => void order.push('hand over')])),
    )
    process.emit('SIGUSR2', 'SIGUSR2')
    expect(await exited).toBe(0)
    expect(order).toEqual(['hand over'])
  })
})
