import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { listChanges } from '../../board/changes/gitChanges'
import { fmt, median, percentile } from './stats'
import { sleep, tempDir } from './support'
import type { Row } from './table'

/** The event loop's delay p99 (ms) while `work` runs for `ms`, sampled every 5 ms. */
async function loopDelayDuring(ms: number, work: () => Promise<unknown>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 5 })
  h.enable()
  const end = performance.now() + ms
  while (performance.now() < end) await work()
  h.disable()
  return h.percentile(99) / 1e6
}

/**
 * Counting what a pane changed (`git diff --numstat` + untracked files, as the change tracker
 * does) in a repository of `files` files with `changed` edited and `untracked` new ones: how long
 * one count takes, and the board's event-loop delay while counts run back to back, beside the
 * same loop with only timers (side by side, one run).
 */
export async function benchChanges(options: { files: number; changed: number; untracked: number; counts: number }): Promise<Row[]> {
  const repo = tempDir('changes')
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { cwd: repo })
  git('init', '-q', '-b', 'main')
  for (let i = 0; i < options.files; i++) {
    mkdirSync(join(repo, `d${i % 50}`), { recursive: true })
    writeFileSync(join(repo, `d${i % 50}`, `f${i}.ts`), Array.from({ length: 40 }, (_, l) => `export const v${l} = ${i * l}\n`).join(''))
  }
  git('add', '.')
  git('commit', '-qm', 'start')
  for (let i = 0; i < options.changed; i++) writeFileSync(join(repo, `d${i % 50}`, `f${i}.ts`), `export const changed = ${i}\n`)
  for (let i = 0; i < options.untracked; i++) writeFileSync(join(repo, `new${i}.ts`), 'a\nb\nc\n')
  const times: number[] = []
  for (let i = 0; i < options.counts; i++) {
    const t = performance.now()
    const files = await listChanges(repo, 'HEAD')
    times.push(performance.now() - t)
    if (files.length !== options.changed + options.untracked) throw new Error(`counted ${files.length} files, expected ${options.changed + options.untracked}`)
  }
  const idle = await loopDelayDuring(1500, () => sleep(20))
  const counting = await loopDelayDuring(1500, () => listChanges(repo, 'HEAD'))
  const section = 'changes'
  const what = `${options.files} files, ${options.changed} edited, ${options.untracked} untracked`
  return [
    {
      section,
      name: `one change count (${what}), median`,
      value: `${fmt(median(times), 0)} ms`,
      detail: `p90 ${fmt(percentile(times, 90), 0)} ms over ${options.counts}`,
    },
    {
      section,
      name: 'main event-loop delay p99 while counting back to back',
      value: `${fmt(counting, 1)} ms`,
      detail: `${fmt(idle, 1)} ms with timers only`,
      target: '≤ 50 ms',
      met: counting <= 50,
    },
  ]
}
