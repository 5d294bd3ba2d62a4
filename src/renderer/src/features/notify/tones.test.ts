import { describe, expect, it } from 'vitest'
import { ATTENTION_KINDS } from '../../../../core/notify/notifyPolicy'
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings'
import { playTone, TONES } from './tones'

describe('the board’s sounds', () => {
  it('one short, audible, distinct motif per kind', () => {
    const motifs = ATTENTION_KINDS.map((k) => JSON.stringify(TONES[k]))
    expect(new Set(motifs).size).toBe(ATTENTION_KINDS.length)
    for (const kind of ATTENTION_KINDS) {
      const total = TONES[kind].reduce((ms, n) => ms + n.ms, 0)
      expect(total).toBeLessThanOrEqual(500)
      for (const n of TONES[kind]) expect(n.freq >= 200 && n.freq <= 2000).toBe(true)
    }
  })

  it('are off by default, for every kind', () => {
    expect(Object.values(DEFAULT_SETTINGS.notifications.sounds).every((on) => on === false)).toBe(true)
    expect(Object.keys(DEFAULT_SETTINGS.notifications.sounds).sort()).toEqual([...ATTENTION_KINDS].sort())
  })

  it('without WebAudio (Node here) playing is a no-op, not an error', () => {
    expect(() => playTone('blocked')).not.toThrow()
  })
})
