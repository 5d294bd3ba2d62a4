import { describe, expect, it } from 'vitest'
import { isNewerThanVerified, normalVersion, parseVerifiedRange } from './versions'

describe('agent versions (semver)', () => {
  it('reads the versions the agents print', () => {
    expect(normalVersion('2.1.197')).toBe('2.1.197')
    expect(normalVersion('v0.171.0')).toBe('0.171.0')
    expect(normalVersion('1.18')).toBe('1.18.0')
    expect(normalVersion('2')).toBe('2.0.0')
    expect(normalVersion('1.0.0-beta.2+build.5')).toBe('1.0.0-beta.2')
    for (const bad of ['', 'latest', '1.x', '2.1.197 (Claude Code)', '1..2']) expect(normalVersion(bad)).toBeNull()
  })

  it('compares numerically, part by part, with pre-releases before their release', () => {
    expect(isNewerThanVerified('2.1.198', '2.1.197')).toBe(true)
    expect(isNewerThanVerified('2.10.0', '2.9.99')).toBe(true)
    expect(isNewerThanVerified('0.171.0', '0.99.0')).toBe(true)
    expect(isNewerThanVerified('1.18.33', '1.19.0')).toBe(false)
    expect(isNewerThanVerified('1.18', '1.18.0')).toBe(false)
    const order = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0']
    for (let i = 0; i + 1 < order.length; i++) {
      expect(isNewerThanVerified(order[i + 1]!, order[i]!), `${order[i + 1]} > ${order[i]}`).toBe(true)
      expect(isNewerThanVerified(order[i]!, order[i + 1]!)).toBe(false)
    }
    expect(isNewerThanVerified('1.0.0+a', '1.0.0+b')).toBe(false)
  })

  it('says newer only for a real version above the verified one', () => {
    expect(isNewerThanVerified('2.2.0', '2.1.197')).toBe(true)
    expect(isNewerThanVerified('2.1.197', '2.1.197')).toBe(false)
    expect(isNewerThanVerified('2.1.196', '2.1.197')).toBe(false)
    expect(isNewerThanVerified('2.2.0-beta.1', '2.1.197')).toBe(true)
    expect(isNewerThanVerified('2.1.197-beta.1', '2.1.197')).toBe(false)
    expect(isNewerThanVerified('dev', '2.1.197')).toBeNull()
  })

  it('reads one version or an inclusive hyphen range', () => {
    expect(parseVerifiedRange('2.1.197')).toEqual({ from: '2.1.197', to: '2.1.197' })
    expect(parseVerifiedRange('2.1.197 - 2.1.332')).toEqual({ from: '2.1.197', to: '2.1.332' })
    for (const bad of ['2.1.332 - 2.1.197', 'latest', '2.1.197 - ', '1 - 2 - 3']) expect(parseVerifiedRange(bad)).toBeNull()
    // Both Claude versions the rules were checked on are no drift; the next release is.
    expect(isNewerThanVerified('2.1.197', '2.1.197 - 2.1.332')).toBe(false)
    expect(isNewerThanVerified('2.1.250', '2.1.197 - 2.1.332')).toBe(false)
    expect(isNewerThanVerified('2.1.333', '2.1.197 - 2.1.332')).toBe(true)
    expect(isNewerThanVerified('2.1.333', 'latest')).toBeNull()
  })
})
