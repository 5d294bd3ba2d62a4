import { describe, expect, it } from 'vitest'
import { Emitter } from '../../core/lifecycle/emitter'
import type { PaneInfo, PaneState } from '../../shared/domain/pane'
import type { BoardEvent } from '../../shared/ipc/contract'
import { RpcClient } from '../../shared/ipc/rpcClient'
import type { ClientMessage, ServerMessage } from '../../shared/ipc/wire'
import { createLogger } from '../util/log'
import { RemotePanes, type HostConnection } from './remotePanes'

const info = (id: string, state: PaneState, since: number): PaneInfo => ({
  id,
  title: 'bash',
  command: ['bash'],
  cwd: '/home/sbremote',
  pid: 4242,
  cols: 80,
  rows: 24,
  createdAt: 0,
  foreground: null,
  verdict: { state, since, evidence: [] },
  exit: null,
  agent: null,
  sessionId: null,
  dialog: null,
  drift: null,
  agentVersion: null,
  lastReport: null,
  worktree: null,
  changes: null,
})

/**
 * A link that is up, whose board there answers nothing by itself: the test says what arrives,
 * and in which batch — as ssh's stdout hands over several lines in one chunk.
 */
function harness() {
  const sent: ClientMessage[] = []
  const client = new RpcClient((msg) => sent.push(msg))
  const up = new Emitter<RpcClient>()
  const down = new Emitter<string>()
  const link: HostConnection = {
    state: 'up',
    client,
    problem: null,
    ensure: () => Promise.resolve(client),
    keepTrying: () => undefined,
    run: () => Promise.resolve(),
    onUp: up.event,
    onDown: down.event,
    dispose: () => undefined,
  }
  const published: BoardEvent[] = []
  let next = 1
  const remotes = new RemotePanes({
    allocateId: () => String(next++),
    publish: (e) => published.push(e),
    ssh: () => ['ssh'],
    appRoot: '/app',
    env: {},
    log: createLogger('error', () => undefined),
    now: () => 0,
    connect: () => link,
  })
  /** The latest call on that channel. */
  const invoked = (channel: string) => sent.filter((m): m is Extract<ClientMessage, { t: 'invoke' }> => m.t === 'invoke' && m.channel === channel).at(-1)
  /** Messages of one chunk: each handed to the client in turn, with no await between them. */
  const chunk = (...msgs: ServerMessage[]) => msgs.forEach((m) => client.receive(m))
  const settle = () => new Promise((r) => setImmediate(r))
  /** A pane made on host `vm`: the link comes up, lists no pane there, and the create call is sent (not answered). */
  const creating = async () => {
    const created = remotes.create({ host: 'vm', command: ['bash'] })
    await settle()
    up.fire(client)
    await settle()
    chunk({ t: 'result', id: invoked('pane:list')!.id, ok: true, value: [] })
    await settle()
    // Wrapped: returned bare, awaiting this would wait for the answer the test has yet to give.
    return { created }
  }
  return { remotes, client, published, invoked, chunk, settle, creating }
}

describe('RemotePanes', () => {
  it('keeps the state an event brought when the result of the call that made the pane is read after it', async () => {
    const h = harness()
    const { created } = await h.creating()
    // The pane there started (result), then its shell reached its prompt (event), in one chunk.
    const call = h.invoked('pane:create')!
    h.chunk(
      { t: 'result', id: call.id, ok: true, value: info('7', 'starting', 10) },
      { t: 'event', channel: 'pane:state', payload: { paneId: '7', previous: 'starting', info: info('7', 'idle', 20) } },
    )
    const made = await created
    expect(made.verdict.state).toBe('idle')
    expect(h.remotes.info(made.id).verdict.state).toBe('idle')
    expect(h.remotes.list().map((p) => p.verdict.state)).toEqual(['idle'])
  })

  it('takes a restart’s result when no event came during the call, and the events when one came after it', async () => {
    const h = harness()
    const { created } = await h.creating()
    h.chunk({ t: 'result', id: h.invoked('pane:create')!.id, ok: true, value: info('7', 'idle', 10) })
    const { id } = await created

    const quiet = h.remotes.invoke(id, 'pane:restart', [])
    await h.settle()
    const first = h.invoked('pane:restart')!
    h.chunk({ t: 'result', id: first.id, ok: true, value: info('7', 'starting', 30) })
    expect(((await quiet) as PaneInfo).verdict.state).toBe('starting')

    const raced = h.remotes.invoke(id, 'pane:restart', [])
    await h.settle()
    const second = h.invoked('pane:restart')!
    expect(second.id).not.toBe(first.id)
    h.chunk(
      { t: 'result', id: second.id, ok: true, value: info('7', 'starting', 40) },
      { t: 'event', channel: 'pane:state', payload: { paneId: '7', previous: 'starting', info: info('7', 'idle', 50) } },
    )
    expect(((await raced) as PaneInfo).verdict.state).toBe('idle')
    expect(h.remotes.info(id).verdict.state).toBe('idle')
  })
})
