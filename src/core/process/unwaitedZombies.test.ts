import { describe, expect, it } from 'vitest'
import { unwaitedZombies, type ChildSeen } from './unwaitedZombies'

const child = (pid: number, state: string, start = '100'): ChildSeen => ({ pid, state, start })

describe('unwaitedZombies', () => {
  it('takes a zombie seen at both looks', () => {
    expect(unwaitedZombies([child(10, 'Z'), child(11, 'S')], [child(10, 'Z'), child(11, 'S')])).toEqual([10])
  })

  it('leaves a zombie seen once: its parent may not have run its wait yet', () => {
    expect(unwaitedZombies([child(10, 'S')], [child(10, 'Z')])).toEqual([])
    expect(unwaitedZombies([], [child(12, 'Z')])).toEqual([])
  })

  it('leaves a pid reused between the looks', () => {
    expect(unwaitedZombies([child(10, 'Z', '100')], [child(10, 'Z', '205')])).toEqual([])
  })

  it('never takes a running child', () => {
    expect(unwaitedZombies([child(10, 'R'), child(11, 'S')], [child(10, 'R'), child(11, 'D')])).toEqual([])
  })
})
