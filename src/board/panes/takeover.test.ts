import { describe, expect, it } from 'vitest'
import type { HeldPtyInfo } from '../ptyHostProtocol/protocol'
import { planTakeover } from './takeover'

const held = (over: Partial<HeldPtyInfo> = {}): HeldPtyInfo => ({
  id: 1,
  key: 'k-1',
  pid: 42,
  handover: '',
  logStart: 0,
  end: 5000,
  delivered: 4000,
  exit: null,
  ...over,
})
const screen = (offset: number | null, ptyKey: string | null = 'k-1') => ({ serialized: 'SCREEN', cols: 80, rows: 24, offset, ptyKey })

describe('taking a pane over from the previous board process', () => {
  it('is exact from the saved screen of this terminal and the log after its offset', () => {
    const plan = planTakeover(held({ logStart: 3000 }), screen(3500), ['claude'], 24)
    expect(plan).toEqual({ from: 3500, seed: 'SCREEN', answeredUntil: 4000, lost: 0, how: 'checkpoint' })
  })

  it('replays the whole log when no screen of this terminal was saved yet', () => {
    expect(planTakeover(held(), null, ['bash'], 24)).toMatchObject({ from: 0, seed: '', lost: 0, how: 'whole log' })
    // A screen of the pane before it was relaunched: the seed the old board gave the new program, then all of its output.
    const plan = planTakeover(held(), screen(9000, 'k-old'), ['claude', '--resume', 'x'], 24)
    expect(plan).toMatchObject({ from: 0, lost: 0, how: 'relaunch seed and whole log' })
    expect(plan.seed.startsWith('SCREEN')).toBe(true)
    expect(plan.seed).toContain('switchboard: claude --resume x')
  })

  it('says how much was lost when the log overflowed since the last save', () => {
    const plan = planTakeover(held({ logStart: 3000 + 20 * 1024 }), screen(3000), ['bash'], 24)
    expect(plan).toMatchObject({ from: 3000 + 20 * 1024, lost: 20 * 1024, how: 'lost output' })
    expect(plan.seed).toMatch(/^SCREEN\r\n.*20 KiB of output were lost while the board restarted/)
    // Nothing of this terminal saved and its log no longer starts at 0.
    expect(planTakeover(held({ logStart: 100 }), null, ['bash'], 24)).toMatchObject({ from: 100, lost: 100, how: 'lost output' })
  })
})
