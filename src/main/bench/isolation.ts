import { fork } from 'node:child_process'
import { tmpdir } from 'node:os'
import { startBoardHost } from '../host/boardHost'
import type { Pane } from '../panes/pane'
import { silentLogger } from '../util/log'
import { CLIENT_FLAG } from './floodClient'
import { type FloodOptions, request, runVariant, variantRows } from './flood'
import { QUIET_SHELL, benchEnv, onCleanup, sleep, tempDir } from './support'
import type { Row } from './table'

const QUIET_PANES = 3
const FLOODS = 20
const FLOOD_ARGV = ['yes', 'switchboard flood: the quick brown fox jumps over the lazy dog 0123456789']
/**
 * A pane that never stops sending what froze the board in issue 9: counts of millions in every
 * sequence whose cost grows with its count, then random bytes, in a loop.
 */
const HOSTILE_FINALS = ['S', 'T', 'L', 'M', '@', 'P', 'X', 'b', 'E', 'F', 'I', 'Z']
const HOSTILE_SEQUENCES = HOSTILE_FINALS.map((f) => `\\033[9999999${f}`).join('')
const HOSTILE_ARGV = ['bash', '-c', `while :; do printf 'x${HOSTILE_SEQUENCES}'; head -c 8192 /dev/urandom; done`]

/**
 * Isolation between panes: a quiet pane's state change reaching a client while another pane is
 * hostile, and while 20 panes flood. Board in this process (its event loop is the one measured),
 * the client in another process over the control socket, as in the flood scenario.
 */
export async function benchIsolation(opts: FloodOptions, variants: readonly string[] = ['hostile', 'floods']): Promise<Row[]> {
  const runtime = tempDir('runtime-iso')
  const env = benchEnv({ SWITCHBOARD_RUNTIME_DIR: runtime }) as NodeJS.ProcessEnv
  const host = await startBoardHost({ mode: 'browser', log: silentLogger, env, defaultCwd: tmpdir() })
  const stopHost = onCleanup(() => host.shutdown())
  const script = process.argv[1]
  if (!script) throw new Error('cannot tell which script to fork for the client')
  const child = fork(script, [CLIENT_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const stopChild = onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill()
  })
  try {
    const board = host.board
    const quiet = Array.from({ length: QUIET_PANES }, () => board.get(board.create({ command: QUIET_SHELL, title: 'quiet' }).id))
    const socketPath = host.info().socketPath
    if (!socketPath) throw new Error('the host has no control socket')
    await request(child, { t: 'connect', socketPath }, 'connected')
    const out: Row[] = []

    const hostileSection = `A hostile pane (counts of 10 M in ${HOSTILE_FINALS.length} kinds of sequence + random bytes, looping), ${QUIET_PANES} quiet bash`
    if (variants.includes('hostile')) {
      out.push(...variantRows(await runVariant('control, no hostile pane', child, quiet, null, { ...opts, probes: Math.ceil(opts.probes / 2), windowMs: 0 }), false, hostileSection))
      const hostile = board.get(board.create({ command: HOSTILE_ARGV, title: 'hostile' }).id)
      await sleep(1000)
      out.push(...variantRows(await runVariant('hostile, client attached to it + acking', child, quiet, hostile, await attached(child, hostile, opts)), true, hostileSection))
      await board.remove(hostile.id)
    }
    if (!variants.includes('floods')) return out

    // Both places a mirror can parse, side by side in one run (see screen/paneMirror.ts).
    const before = process.env.SWITCHBOARD_MIRROR_THREADS
    try {
      for (const threads of ['main', 'worker'] as const) {
        process.env.SWITCHBOARD_MIRROR_THREADS = threads
        const floodSection = `${FLOODS} panes flooding (\`yes\`), ${QUIET_PANES} quiet bash, mirrors on the ${threads === 'main' ? 'main thread' : 'worker threads'}`
        const floods: Pane[] = Array.from({ length: FLOODS }, () => board.get(board.create({ command: FLOOD_ARGV, title: 'flood' }).id))
        await sleep(2000)
        out.push(...variantRows(await runVariant('no client on the floods', child, quiet, floods, opts), true, floodSection))
        for (const f of floods) await board.remove(f.id)
      }
    } finally {
      if (before === undefined) delete process.env.SWITCHBOARD_MIRROR_THREADS
      else process.env.SWITCHBOARD_MIRROR_THREADS = before
    }
    return out
  } finally {
    await stopChild()
    await stopHost()
  }
}

async function attached(child: ReturnType<typeof fork>, pane: Pane, opts: FloodOptions): Promise<FloodOptions> {
  await request(child, { t: 'attach', paneId: pane.id }, 'attached')
  await sleep(500)
  return opts
}
