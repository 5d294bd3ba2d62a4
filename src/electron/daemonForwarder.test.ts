import { describe, expect, it } from 'vitest'
import { RpcClient } from '../shared/ipc/rpcClient'
import type { ClientMessage } from '../shared/ipc/wire'
import { forwardInvoke, forwardSend } from './daemonForwarder'

/** The window's connection to the daemon, answering every call at once with `value`. */
function daemonConnection(value: unknown) {
  const sent: ClientMessage[] = []
  const client: RpcClient = new RpcClient((msg) => {
    sent.push(msg)
    if (msg.t === 'invoke') queueMicrotask(() => client.receive({ t: 'result', id: msg.id, ok: true, value }))
  })
  return { client, sent }
}

describe("the Electron window's calls to the daemon", () => {
  it('are validated in main: a malformed call never leaves it', async () => {
    const { client, sent } = daemonConnection(null)
    expect(await forwardInvoke(client, 'pane:write', ['not-an-id', 'x'])).toMatchObject({ error: { code: 'invalid' } })
    expect(await forwardInvoke(client, 'pane:evil', [])).toMatchObject({ error: { code: 'invalid', message: expect.stringMatching(/unknown channel/) } })
    expect(() => forwardSend(client, 'nope', [])).toThrow(/unknown channel/)
    expect(sent).toEqual([])
  })

  it('go to the daemon as the contract has them; board:info says this is the desktop app', async () => {
    const { client, sent } = daemonConnection({ version: '0.1.0', mode: 'browser', socketPath: '/x', protocol: 2 })
    expect(await forwardInvoke(client, 'board:info', [])).toEqual({ value: { version: '0.1.0', mode: 'electron', socketPath: '/x', protocol: 2 } })
    await forwardInvoke(client, 'pane:write', ['3', 'ls\r'])
    expect(sent.map((m) => (m.t === 'invoke' ? [m.channel, m.args] : null))).toEqual([
      ['board:info', []],
      ['pane:write', ['3', 'ls\r']],
    ])
  })
})
