import { describe, expect, it } from 'vitest'
import { LOGIN_CODE_TTL_MS, LoginCodes, makeLoginCode } from './loginCode'

const TOKEN = 'a-token-of-the-daemon-0123456789'

describe('login codes', () => {
  it('log in once: a genuine fresh code is redeemed, the same code again is refused', () => {
    let now = 1_000_000
    const codes = new LoginCodes(TOKEN, () => now)
    const code = makeLoginCode(TOKEN, now)
    now += 500
    expect(codes.redeem(code)).toBe(true)
    expect(codes.redeem(code)).toBe(false)
    expect(codes.redeem(makeLoginCode(TOKEN, now))).toBe(true)
  })

  it('refuse an expired code, one from the future, one made with another token, and garbage', () => {
    const now = 5_000_000
    const codes = new LoginCodes(TOKEN, () => now)
    expect(codes.redeem(makeLoginCode(TOKEN, now - LOGIN_CODE_TTL_MS - 1))).toBe(false)
    expect(codes.redeem(makeLoginCode(TOKEN, now + 60_000))).toBe(false)
    expect(codes.redeem(makeLoginCode('another-token-entirely-0123456789', now))).toBe(false)
    const genuine = makeLoginCode(TOKEN, now)
    const [t, nonce] = genuine.split('.')
    expect(codes.redeem(`${t}.${nonce}.${'A'.repeat(32)}`)).toBe(false)
    // The time is under the MAC: moving it makes the code worthless.
    expect(codes.redeem(`${(now + 1).toString(36)}.${genuine.split('.').slice(1).join('.')}`)).toBe(false)
    for (const junk of ['', '.', '..', 'a.b.c', 'x'.repeat(500), TOKEN]) expect(codes.redeem(junk)).toBe(false)
    expect(codes.redeem(genuine)).toBe(true)
  })

  it('never carry the token', () => {
    expect(makeLoginCode(TOKEN, 1)).not.toContain(TOKEN)
  })
})
