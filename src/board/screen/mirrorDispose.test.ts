import { describe, expect, it } from 'vitest'
import { realClock } from '../util/clock'
import { LocalMirror } from './localMirror'
import { MirrorPool } from './mirrorPool'
import type { PaneMirror } from './paneMirror'
import { RemoteMirror } from './remoteMirror'

/**
 * A snapshot asked of a mirror that is disposed before it answers is still answered (empty): the
 * workspace's screen save awaits it, and a pane resumed or removed mid-save left that save, and
 * every save after it, waiting forever (resumeComplete.test in CI: screensSaved never came).
 */
describe('a mirror disposed while a snapshot is in flight answers it, empty', () => {
  const answered = (mirror: PaneMirror, scrollback?: number) =>
    new Promise<string>((resolve) => mirror.snapshot(resolve, scrollback)).then((data) => ({ data }))
  const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'unanswered'>((resolve) => setTimeout(() => resolve('unanswered'), ms))])

  it('on the board’s thread (LocalMirror)', async () => {
    const mirror = new LocalMirror(40, 5, realClock)
    mirror.write('x'.repeat(200_000), () => {})
    const snapshot = answered(mirror, 10)
    mirror.dispose()
    expect(await within(snapshot, 2_000)).toEqual({ data: '' })
  })

  it('in a parser worker (RemoteMirror)', async () => {
    const pool = new MirrorPool({ size: 1 })
    const mirror = new RemoteMirror(40, 5, realClock, pool)
    try {
      mirror.write('x'.repeat(200_000), () => {})
      const snapshot = answered(mirror, 10)
      mirror.dispose()
      expect(await within(snapshot, 2_000)).toEqual({ data: '' })
    } finally {
      pool.dispose()
    }
  })
})
