import { describe, expect, it } from 'vitest'
import xtermHeadless from '@xterm/headless'
import { Emitter } from '../../core/lifecycle/emitter'
import { VirtualClock } from '../../core/lifecycle/clock'
import { LocalMirror } from '../screen/localMirror'
import type { PanePty, PtyExit } from '../pty/panePty'
import { ClientFlowConstants } from './paneClients'
import { PaneOutput } from './paneOutput'

const { Terminal } = xtermHeadless

/**
 * A real headless mirror whose parsing is held until `release`, in order: a parser thread that a
 * busy machine has not scheduled yet.
 */
class HeldMirror extends LocalMirror {
  private held: (() => void)[] = []

  override write(data: string, done: () => void): void {
    this.held.push(() => super.write(data, done))
  }

  override snapshot(done: (data: string) => void, scrollback?: number): void {
    this.held.push(() => super.snapshot(done, scrollback))
  }

  /** Lets every held write and snapshot through; resolves once the terminal has parsed them. */
  async release(): Promise<void> {
    const held = this.held
    this.held = []
    for (const go of held) go()
    await new Promise<void>((resolve) => super.write('', resolve))
  }
}

/** The program's side: output is pushed by the test. */
class ScriptedPty implements PanePty {
  readonly pid = 1
  readonly hasExited = false
  readonly ready = Promise.resolve()
  readonly offset = null
  readonly key = null
  private readonly data = new Emitter<string>()
  readonly onData = this.data.event
  readonly onExit = new Emitter<PtyExit>().event
  print(text: string): void {
    this.data.fire(text)
  }
  write(): void {}
  resize(): void {}
  pause(): void {}
  resume(): void {}
  kill(): Promise<void> {
    return Promise.resolve()
  }
  checkpoint(): void {}
  forget(): void {}
  dispose(): void {}
}

function setup() {
  const clock = new VirtualClock()
  const mirror = new HeldMirror(40, 5, clock)
  const pty = new ScriptedPty()
  const parsed: string[] = []
  const output = new PaneOutput(
    pty,
    mirror,
    { id: 'p1', clock, threads: 'worker', size: { cols: 40, rows: 5 } },
    { noteOutput: () => undefined, parse: (data, done) => mirror.write(data, done), parsed: (data) => parsed.push(data) },
  )
  output.start()
  return { clock, mirror, pty, output, parsed }
}

async function replicaOf(serialized: string, data: string): Promise<string[]> {
  const replica = new Terminal({ cols: 40, rows: 5, allowProposedApi: true })
  await new Promise<void>((r) => replica.write(serialized + data, r))
  const b = replica.buffer.active
  const lines = Array.from({ length: replica.rows }, (_, y) => b.getLine(b.baseY + y)?.translateToString(true) ?? '')
  replica.dispose()
  return lines
}

describe('PaneOutput: clients get output as it is read (issue 20)', () => {
  it('an echo reaches an attached client while the mirror has not parsed it yet', async () => {
    const { mirror, pty, output, parsed } = setup()
    const received: string[] = []
    const attached = output.attach('c', (data) => received.push(data), { cols: 40, rows: 5 })
    await mirror.release()
    await attached
    pty.print('a')
    // The mirror is held (a parser thread not scheduled yet): the client has the echo anyway.
    expect(parsed).toEqual([])
    expect(received).toEqual(['a'])
    await mirror.release()
    expect(parsed).toEqual(['a'])
    output.dispose()
  })

  it('a client attaching while the mirror is behind gets the snapshot, then exactly the output after it', async () => {
    const { clock, mirror, pty, output } = setup()
    pty.print('one\r\n')
    pty.print('two\r\n')
    const received: string[] = []
    const attached = output.attach('c', (data) => received.push(data), { cols: 40, rows: 5 })
    // Read after the snapshot was asked, before the mirror got to it: the client's, after the snapshot.
    pty.print('three\r\n')
    expect(received).toEqual([])
    await mirror.release()
    const snapshot = await attached
    expect(received).toEqual([]) // not before the snapshot has been handed over
    clock.advance(ClientFlowConstants.FlushWindowMs)
    expect(received).toEqual(['three\r\n'])
    pty.print('four')
    clock.advance(ClientFlowConstants.FlushWindowMs)
    expect(received).toEqual(['three\r\n', 'four'])
    await mirror.release()
    expect(await replicaOf(snapshot.serialized, received.join(''))).toEqual(mirror.screen().lines)
    expect(mirror.screen().lines.slice(0, 4)).toEqual(['one', 'two', 'three', 'four'])
    output.dispose()
  })

  it('a resynchronised client drops what was queued before the snapshot and gets what was read after it', async () => {
    const { clock, mirror, pty, output } = setup()
    const received: { data: string; resync: boolean }[] = []
    const attached = output.attach('c', (data, resync) => received.push({ data, resync }), { cols: 40, rows: 5 })
    await mirror.release()
    await attached
    // Far behind (nothing acknowledged): the client is cut off, then catches up and is resynchronised.
    const flood = 'x'.repeat(ClientFlowConstants.MaxUnackedChars + 10)
    pty.print(flood)
    clock.advance(ClientFlowConstants.FlushWindowMs)
    pty.print('lost\r\n')
    clock.advance(ClientFlowConstants.FlushWindowMs)
    expect(received.map((r) => r.data.length)).toEqual([flood.length])
    output.ack('c', flood.length)
    clock.advance(1_000)
    pty.print('after\r\n')
    await mirror.release()
    clock.advance(ClientFlowConstants.FlushWindowMs)
    expect(received.map((r) => r.resync)).toEqual([false, true, false])
    expect(received[2]!.data).toBe('after\r\n')
    expect(await replicaOf(received[1]!.data, received[2]!.data)).toEqual(mirror.screen().lines)
    output.dispose()
  })
})
