import { describe, expect, it } from 'vitest'
import { compareVersions, isNewerVersion, parseVersion } from './semver'

const cmp = (a: string, b: string) => compareVersions(parseVersion(a)!, parseVersion(b)!)

describe('semver', () => {
  it('reads the versions the agents print', () => {
    expect(parseVersion('2.1.197')).toEqual({ parts: [2, 1, 197], pre: [] })
    expect(parseVersion('v0.171.0')).toEqual({ parts: [0, 171, 0], pre: [] })
    expect(parseVersion('1.18')).toEqual({ parts: [1, 18, 0], pre: [] })
    expect(parseVersion('1.0.0-beta.2+build.5')).toEqual({ parts: [1, 0, 0], pre: ['beta', '2'] })
    for (const bad of ['', 'latest', '1.x', '2.1.197 (Claude Code)', '1..2']) expect(parseVersion(bad)).toBeNull()
  })

  it('compares numerically, part by part', () => {
    expect(cmp('2.1.197', '2.1.197')).toBe(0)
    expect(cmp('2.1.198', '2.1.197')).toBe(1)
    expect(cmp('2.10.0', '2.9.99')).toBe(1)
    expect(cmp('0.171.0', '0.99.0')).toBe(1)
    expect(cmp('1.18.33', '1.19.0')).toBe(-1)
    expect(cmp('1.18', '1.18.0')).toBe(0)
  })

  it('orders pre-releases before their release, as semver §11 says', () => {
    const order = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0']
    for (let i = 0; i + 1 < order.length; i++) {
      expect(cmp(order[i]!, order[i + 1]!), `${order[i]} < ${order[i + 1]}`).toBe(-1)
      expect(cmp(order[i + 1]!, order[i]!)).toBe(1)
    }
    expect(cmp('1.0.0+a', '1.0.0+b')).toBe(0)
  })

  it('says newer only for a real version above the verified one', () => {
    expect(isNewerVersion('2.2.0', '2.1.197')).toBe(true)
    expect(isNewerVersion('2.1.197', '2.1.197')).toBe(false)
    expect(isNewerVersion('2.1.196', '2.1.197')).toBe(false)
    expect(isNewerVersion('2.2.0-beta.1', '2.1.197')).toBe(true)
    expect(isNewerVersion('2.1.197-beta.1', '2.1.197')).toBe(false)
    expect(isNewerVersion('dev', '2.1.197')).toBeNull()
  })
})

describe('verified ranges', () => {
  it('reads one version or an inclusive hyphen range', async () => {
    const { parseVerifiedRange, isNewerThanVerified } = await import('./semver')
    expect(parseVerifiedRange('2.1.197')).toEqual({ from: '2.1.197', to: '2.1.197' })
    expect(parseVerifiedRange('2.1.197 - 2.1.332')).toEqual({ from: '2.1.197', to: '2.1.332' })
    for (const bad of ['2.1.332 - 2.1.197', 'latest', '2.1.197 - ', '1 - 2 - 3']) expect(parseVerifiedRange(bad)).toBeNull()
    // Both Claude versions the rules were checked on are no drift; the next release is.
    expect(isNewerThanVerified('2.1.197', '2.1.197 - 2.1.332')).toBe(false)
    expect(isNewerThanVerified('2.1.250', '2.1.197 - 2.1.332')).toBe(false)
    expect(isNewerThanVerified('2.1.333', '2.1.197 - 2.1.332')).toBe(true)
  })
})
