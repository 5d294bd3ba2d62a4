import { readFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import type { Pane } from '../../board/panes/pane'
import { fmt, median } from './stats'
import { QUIET_SHELL, benchBoard, type Gc, onCleanup, sleep, waitForStates } from './support'
import type { Row } from './table'

const SECTION = 'Memory per idle pane (bash --norc -i), main process'

interface Usage {
  readonly rss: number
  readonly heap: number
  /** Off-heap memory V8 knows of (external strings, ArrayBuffers and Buffers included). */
  readonly external: number
  /** The ArrayBuffer and Buffer part of `external` (xterm's line buffers, Node Buffers). */
  readonly arrayBuffers: number
}

function usage(): Usage {
  const m = process.memoryUsage()
  return { rss: m.rss, heap: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers }
}

function vmRssKiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) : NaN
  } catch {
    return NaN
  }
}

export interface MemoryOptions {
  /** Panes created (and kept) first, so one-time costs (lazy init, JIT) are not counted. */
  readonly warm: number
  /** Panes added per step; the per-pane cost is the growth per step divided by this. */
  readonly step: number
  readonly steps: number
  readonly gc: Gc | null
}

/**
 * The marginal cost of one more idle pane: the growth of the main process between steps of
 * `step` panes, after `warm` panes already exist. Bytecode flushing is turned off so that forced
 * GCs do not make the next step recompile (and count) code that all panes share.
 */
export async function benchMemory(opts: MemoryOptions): Promise<Row[]> {
  setFlagsFromString('--no-flush-bytecode')
  const board = benchBoard()
  const stop = onCleanup(() => board.shutdown())
  const panes: Pane[] = []
  const grow = async (n: number): Promise<Usage> => {
    const added: Pane[] = []
    for (let i = 0; i < n; i++) added.push(board.get(board.create({ command: QUIET_SHELL }).id))
    await waitForStates(added, 'idle')
    await Promise.all(added.map((p) => p.settled()))
    panes.push(...added)
    await sleep(300)
    await opts.gc?.collect()
    return usage()
  }
  const samples: Usage[] = []
  let bash: number[] = []
  try {
    samples.push(await grow(opts.warm))
    for (let i = 0; i < opts.steps; i++) samples.push(await grow(opts.step))
    bash = panes.map((p) => vmRssKiB(p.info().pid)).filter((x) => Number.isFinite(x))
  } finally {
    await stop()
  }
  const perPane = (key: keyof Usage) => samples.slice(1).map((s, i) => (s[key] - (samples[i] as Usage)[key]) / opts.step / 1024)
  const total = (key: keyof Usage) => ((samples.at(-1) as Usage)[key] - (samples[0] as Usage)[key]) / (opts.step * opts.steps) / 1024
  const how = `${opts.warm} warm + ${opts.steps}× ${opts.step} panes; ${opts.gc ? `GC forced (${opts.gc.how})` : 'no forced GC: noisy'}`
  const row = (name: string, key: keyof Usage, detail: string): Row => ({
    section: SECTION,
    name,
    value: fmt(total(key), 0),
    detail: `steps ${perPane(key)
      .map((x) => fmt(x, 0))
      .join(', ')}${detail}`,
  })
  return [
    row('RSS per pane KiB', 'rss', `; ${how}`),
    row('JS heap (used) per pane KiB', 'heap', ''),
    row('external (off-heap) per pane KiB', 'external', ''),
    row('  of which ArrayBuffers + Buffers per pane KiB', 'arrayBuffers', ''),
    { section: SECTION, name: 'info: the bash process itself (VmRSS, not in main) KiB', value: fmt(median(bash), 0), detail: `median of ${bash.length}` },
  ]
}
