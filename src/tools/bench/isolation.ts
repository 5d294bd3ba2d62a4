import type { Board } from '../../board/panes/board'
import type { Pane } from '../../board/panes/pane'
import type { MirrorThreads } from '../../board/screen/paneMirror'
import { poolSizeFromEnv } from '../../board/screen/mirrorPool'
import { type FloodOptions, type VariantResult, request, runVariant, variantRows, withBoardAndClient } from './flood'
import { fmt, median } from './stats'
import { QUIET_SHELL, sleep, withThreads } from './support'
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
 * Hostile panes of issue 24.1: alerts without end. A bell flood (`cat` of 20 000 BELs, looping)
 * slowed a quiet pane's echo to 2.0–4.6 s; an OSC 777 flood sent 162 408 alerts in 8 s.
 */
const ALERT_FLOODS: readonly { readonly variant: string; readonly label: string; readonly argv: string[] }[] = [
  {
    variant: 'bells',
    label: 'A pane ringing the bell without end (20 000 BEL a loop)',
    argv: ['bash', '-c', `while :; do head -c 20000 /dev/zero | tr '\\0' '\\a'; done`],
  },
  {
    variant: 'osc777',
    label: 'A pane sending OSC 777 notifications without end (2000 a loop)',
    argv: ['bash', '-c', `while :; do awk 'BEGIN { for (i = 0; i < 2000; i++) printf "\\033]777;notify;build;step %d\\007", i }'; done`],
  },
]

export interface IsolationOptions extends FloodOptions {
  /** Runs of each place mirrors parse, alternated (main, pool, adaptive, main…) so drift hits all. */
  readonly rounds: number
}

/** Both fixed places, and the board's default: on its thread until a pane floods, then in the pool. */
const MODES: readonly MirrorThreads[] = ['main', 'worker', 'adaptive']

function modeLabel(threads: MirrorThreads): string {
  const pool = `the parser pool (${poolSizeFromEnv()} worker${poolSizeFromEnv() === 1 ? '' : 's'})`
  if (threads === 'main') return 'mirrors on the main thread'
  return threads === 'worker' ? `mirrors in ${pool}` : `mirrors where the board puts them (its thread, ${pool} once a pane floods)`
}

/** Rounds of one variant as one: medians of the per-round numbers, every probe kept. */
function merged(runs: readonly VariantResult[]): VariantResult {
  const med = (f: (v: VariantResult) => number) => median(runs.map(f))
  return {
    label: runs[0]?.label ?? '',
    eldP99: med((v) => v.eldP99),
    eldMax: Math.max(...runs.map((v) => v.eldMax)),
    busy: med((v) => v.busy),
    mainCpu: med((v) => v.mainCpu),
    meanChunk: med((v) => v.meanChunk),
    probes: runs.flatMap((v) => v.probes),
    parsedRate: med((v) => v.parsedRate),
    clientRate: med((v) => v.clientRate),
    resyncRate: med((v) => v.resyncRate),
    resyncSize: med((v) => v.resyncSize),
  }
}

function probeMedian(v: VariantResult): number {
  return median(v.probes.filter((p) => p.workingMs !== null).map((p) => p.workingMs as number))
}

/** The pool against the main thread, same run: ratios below 1 mean the pool is better. */
function comparison(section: string, byMode: ReadonlyMap<MirrorThreads, VariantResult>): Row[] {
  const main = byMode.get('main')
  const pool = byMode.get('worker')
  if (!main || !pool) return []
  const ratio = (a: number, b: number) => fmt(a / b, 2)
  return [
    {
      section,
      name: 'pool / main thread: event-loop delay p99 (lower is better)',
      value: ratio(pool.eldP99, main.eldP99),
      detail: `${fmt(pool.eldP99)} vs ${fmt(main.eldP99)} ms; main thread CPU ${fmt(pool.mainCpu * 100, 0)} vs ${fmt(main.mainCpu * 100, 0)} % of a core`,
    },
    {
      section,
      name: 'pool / main thread: input → client gets working, median',
      value: ratio(probeMedian(pool), probeMedian(main)),
      detail: `${fmt(probeMedian(pool))} vs ${fmt(probeMedian(main))} ms`,
    },
  ]
}

async function variantRounds(rounds: number, run: (threads: MirrorThreads) => Promise<VariantResult>): Promise<Map<MirrorThreads, VariantResult>> {
  const runs = new Map<MirrorThreads, VariantResult[]>(MODES.map((m) => [m, []]))
  for (let r = 0; r < rounds; r++) for (const threads of MODES) runs.get(threads)?.push(await run(threads))
  return new Map([...runs].map(([m, v]) => [m, merged(v)]))
}

/**
 * Isolation between panes: a quiet pane's state change reaching a client while another pane is
 * hostile, and while 20 panes flood, with the mirrors on the main thread and in the parser pool
 * side by side in one run.
 */
export async function benchIsolation(opts: IsolationOptions, variants: readonly string[] = ['hostile', 'bells', 'osc777', 'floods']): Promise<Row[]> {
  return withBoardAndClient('runtime-iso', async ({ host, child }) => {
    const board = host.board
    const out: Row[] = []
    // Every pane of a variant parses in the same place: in the pool, quiet panes share workers with the noisy ones.
    const quietPanes = (threads: MirrorThreads) =>
      withThreads(threads, () => Array.from({ length: QUIET_PANES }, () => board.get(board.create({ command: QUIET_SHELL, title: 'quiet' }).id)))
    const remove = async (panes: readonly Pane[]) => {
      for (const p of panes) await board.remove(p.id)
    }
    const rounds = Math.max(1, opts.rounds)

    if (variants.includes('hostile')) {
      const section = `A hostile pane (counts of 10 M in ${HOSTILE_FINALS.length} kinds of sequence + random bytes, looping), ${QUIET_PANES} quiet bash`
      const control = quietPanes('main')
      out.push(
        ...variantRows(
          await runVariant('control, no hostile pane', child, control, null, { ...opts, probes: Math.ceil(opts.probes / 2), windowMs: 0 }),
          false,
          section,
        ),
      )
      await remove(control)
      const byMode = await variantRounds(rounds, async (threads) => {
        const quiet = quietPanes(threads)
        const hostile = withThreads(threads, () => board.get(board.create({ command: HOSTILE_ARGV, title: 'hostile' }).id))
        await request(child, { t: 'attach', paneId: hostile.id }, 'attached')
        await sleep(1000)
        const v = await runVariant(`hostile, client attached to it + acking, ${modeLabel(threads)}`, child, quiet, hostile, opts)
        await remove([hostile, ...quiet])
        return v
      })
      for (const v of byMode.values()) out.push(...variantRows(v, true, section))
      out.push(...comparison(section, byMode))
    }
    for (const flood of ALERT_FLOODS.filter((f) => variants.includes(f.variant))) {
      const section = `${flood.label}, ${QUIET_PANES} quiet bash`
      const byMode = await variantRounds(rounds, async (threads) => {
        const quiet = quietPanes(threads)
        const hostile = withThreads(threads, () => board.get(board.create({ command: flood.argv, title: flood.variant }).id))
        await request(child, { t: 'attach', paneId: hostile.id }, 'attached')
        await sleep(1000)
        const v = await runVariant(`${flood.variant}, client attached to it + acking, ${modeLabel(threads)}`, child, quiet, hostile, opts)
        await remove([hostile, ...quiet])
        return v
      })
      for (const v of byMode.values()) out.push(...variantRows(v, true, section))
      out.push(...comparison(section, byMode))
    }
    if (variants.includes('floods')) {
      const section = `${FLOODS} panes flooding (\`yes\`), ${QUIET_PANES} quiet bash, no client on the floods`
      const byMode = await variantRounds(rounds, async (threads) => {
        const quiet = quietPanes(threads)
        const floods = withThreads(threads, () => makeFloods(board))
        await sleep(2000)
        const v = await runVariant(modeLabel(threads), child, quiet, floods, opts)
        await remove([...floods, ...quiet])
        return v
      })
      for (const v of byMode.values()) out.push(...variantRows(v, true, section))
      out.push(...comparison(section, byMode))
    }
    return out
  })
}

function makeFloods(board: Board): Pane[] {
  return Array.from({ length: FLOODS }, () => board.get(board.create({ command: FLOOD_ARGV, title: 'flood' }).id))
}
