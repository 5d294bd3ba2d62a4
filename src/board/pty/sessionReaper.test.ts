import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../test/support'
import { readProcStat } from './processTree'
import { SessionReaper } from './sessionReaper'

const started: number[] = []
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {
      // Swallow: it ended.
    }
  }
})

const alive = (pid: number) => {
  const s = readProcStat(pid)
  return s !== null && s.state !== 'Z'
}
const startOf = (pid: number) => readProcStat(pid)!.startTime

/** A job in a session of its own with a cleared environment, and a child of its own: the reaper's tag reaches neither. */
async function escapedJob(): Promise<{ pid: number; child: number }> {
  const job = spawn('env', ['-i', '/bin/sh', '-c', 'sleep 3001 & echo $! ; exec sleep 3002'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] })
  const child = await new Promise<number>((resolve) => job.stdout.once('data', (b: Buffer) => resolve(Number(String(b).trim()))))
  job.unref()
  started.push(job.pid!)
  return { pid: job.pid!, child }
}

describe.runIf(process.platform === 'linux')('SessionReaper', () => {
  it('ends an adopted program, its group and its session when its pipe closes; not one whose pid was reused, nor one unadopted', async () => {
    const reaper = SessionReaper.start()
    const adopted = await escapedJob()
    const reused = await escapedJob()
    const unadopted = await escapedJob()
    reaper.adopt(adopted.pid, startOf(adopted.pid))
    // Same pid, another start time: what the pid was told of ended, and this one took its number.
    reaper.adopt(reused.pid, String(Number(startOf(reused.pid)) + 1))
    reaper.adopt(unadopted.pid, startOf(unadopted.pid))
    reaper.unadopt(unadopted.pid)
    reaper.dispose()
    await eventually(() => (!alive(adopted.pid) && !alive(adopted.child) ? true : undefined), 'the adopted job and its child to end', 5_000)
    // The reaper is done once a round finds nothing (its own rounds are 0.1 s apart).
    await eventually(() => (reaper.pid !== undefined && !alive(reaper.pid) ? true : undefined), 'the reaper to finish', 5_000)
    expect(alive(reused.pid)).toBe(true)
    expect(alive(unadopted.pid)).toBe(true)
    expect(alive(unadopted.child)).toBe(true)
  })
})
