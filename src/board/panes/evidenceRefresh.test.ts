import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import { EvidenceRefresh, EvidenceRefreshConstants } from './evidenceRefresh'

function paced() {
  const clock = new VirtualClock(1000)
  const sentAt: number[] = []
  const refresh: EvidenceRefresh = new EvidenceRefresh(clock, () => {
    sentAt.push(clock.now())
    refresh.sent()
  })
  return { clock, sentAt, refresh }
}

describe('EvidenceRefresh', () => {
  it('sends the first at once, then one per interval with the latest, never dropping the last', () => {
    const { clock, sentAt, refresh } = paced()
    // A spinner at 10 Hz for 2.5 s.
    for (let t = 0; t < 2500; t += 100) {
      clock.advanceTo(1000 + t)
      refresh.changed()
    }
    clock.advance(5000)
    const I = EvidenceRefreshConstants.IntervalMs
    expect(sentAt).toEqual([1000, 1000 + I, 1000 + 2 * I, 1000 + 3 * I])
    expect(clock.pendingTimers).toBe(0)
  })

  it('drops the trailing one when the info went out another way, and paces from then', () => {
    const { clock, sentAt, refresh } = paced()
    refresh.changed()
    clock.advance(100)
    refresh.changed()
    clock.advance(200)
    refresh.sent() // a title change carried the latest evidence
    clock.advance(2000)
    expect(sentAt).toEqual([1000])
    refresh.changed()
    expect(sentAt).toEqual([1000, 3300])
  })

  it('stops on dispose', () => {
    const { clock, sentAt, refresh } = paced()
    refresh.changed()
    refresh.changed()
    clock.advance(10)
    refresh.changed()
    refresh.dispose()
    clock.advance(5000)
    expect(sentAt).toEqual([1000])
  })
})
