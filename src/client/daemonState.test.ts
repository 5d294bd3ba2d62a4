import { describe, expect, it } from 'vitest'
import { isDaemonState } from './daemonState'

const state = {
  pid: 42,
  protocol: 2,
  version: '0.1.0',
  socketPath: '/run/sb.sock',
  host: '127.0.0.1',
  port: 8123,
  token: 't'.repeat(32),
  startedAt: 1,
  log: null,
}

describe('isDaemonState: exactly what a daemon writes', () => {
  it('takes a daemon state, with or without a log file', () => {
    expect(isDaemonState(state)).toBe(true)
    expect(isDaemonState({ ...state, log: '/run/daemon.log' })).toBe(true)
  })

  it('refuses anything else: a missing or extra key, a wrong type, a bad port or pid, a short token', () => {
    const { log: _log, ...missing } = state
    for (const bad of [
      null,
      [],
      'x',
      missing,
      { ...state, extra: 1 },
      { ...state, pid: 0 },
      { ...state, pid: 1.5 },
      { ...state, protocol: -1 },
      { ...state, port: 0 },
      { ...state, port: 65536 },
      { ...state, port: '8123' },
      { ...state, token: 'short' },
      { ...state, startedAt: Number.NaN },
      { ...state, log: 3 },
      { ...state, host: null },
    ]) {
      expect(isDaemonState(bad), JSON.stringify(bad)).toBe(false)
    }
  })
})
