import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { childPids } from './processTree'

describe.runIf(process.platform === 'linux')('childPids', () => {
  it('lists the children of a process, this one included, and none for a process that is gone', async () => {
    const child = spawn('sleep', ['5'])
    try {
      await new Promise((resolve) => child.once('spawn', resolve))
      expect(childPids('self')).toContain(child.pid)
      expect(childPids(process.pid)).toContain(child.pid)
      expect(childPids(2 ** 22 + 7)).toEqual([])
    } finally {
      child.kill('SIGKILL')
    }
  })
})
