import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

/** Wall time of a run with the CPU it used: this process, its main thread, the whole machine. */
export interface Timed {
  /** Start to the last chunk handled, ms. */
  readonly ms: number
  /** CPU time of this process (user + system, all threads) over the run, as a share of the wall time. */
  readonly cpu: number
  /** The main thread's time waiting for a CPU while runnable, as a share of the wall time (Linux). */
  readonly runq: number
  /** Busy share of all the machine's CPUs over the run (Linux /proc/stat; NaN elsewhere). */
  readonly machine: number
}

/** Jiffies of all CPUs together: [busy, total]. */
function machineTicks(): [number, number] {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number)
    const total = fields.reduce((a, b) => a + b, 0)
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    return [total - idle, total]
  } catch {
    return [NaN, NaN]
  }
}

/** The main thread's run-queue wait so far, ns (Linux schedstat: on-CPU, waiting, slices). */
function runQueueNs(): number {
  try {
    return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1])
  } catch {
    return NaN
  }
}

/** Runs `work` and reports its wall time (as `work` measures it) and the CPU shares. */
export async function timed(work: (t0: number) => Promise<number>): Promise<Timed> {
  const cpu0 = process.cpuUsage()
  const [busy0, total0] = machineTicks()
  const runq0 = runQueueNs()
  const t0 = performance.now()
  const end = await work(t0)
  const wall = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  const [busy1, total1] = machineTicks()
  return {
    ms: end - t0,
    cpu: (cpu.user + cpu.system) / 1000 / wall,
    runq: (runQueueNs() - runq0) / 1e6 / wall,
    machine: (busy1 - busy0) / (total1 - total0),
  }
}
