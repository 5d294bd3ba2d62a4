import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** How long a login code printed by `switchboard open` may be used. */
export const LOGIN_CODE_TTL_MS = 60_000

function mac(token: string, body: string): string {
  return createHmac('sha256', token).update(`switchboard-login:${body}`).digest('base64url').slice(0, 32)
}

/**
 * A short-lived, single-use login code for the browser-mode URL (`/?code=…`), so the board's
 * token itself never goes into a command line (`xdg-open URL` puts the URL in argv, where `ps`
 * shows it to every user). Whoever can read the 0600 daemon state file (the user) can make one;
 * the daemon checks it against its token, its age, and that it was never used before.
 */
export function makeLoginCode(token: string, now: number): string {
  const body = `${now.toString(36)}.${randomBytes(9).toString('base64url')}`
  return `${body}.${mac(token, body)}`
}

/** Remembers the codes already used until they expire, so each works exactly once. */
export class LoginCodes {
  private readonly used = new Map<string, number>()

  constructor(
    private readonly token: string,
    private readonly now: () => number,
  ) {}

  /** True (and the code is spent) when `code` is genuine, fresh and unused. */
  redeem(code: string): boolean {
    const parts = code.split('.')
    if (parts.length !== 3 || code.length > 128) return false
    const [time, nonce, given] = parts as [string, string, string]
    const issued = parseInt(time, 36)
    const now = this.now()
    for (const [seen, at] of this.used) if (now - at > LOGIN_CODE_TTL_MS * 2) this.used.delete(seen)
    // A little slack ahead for clocks read a moment apart, none behind beyond the TTL.
    if (!Number.isFinite(issued) || now - issued > LOGIN_CODE_TTL_MS || issued - now > 5_000) return false
    const want = Buffer.from(mac(this.token, `${time}.${nonce}`))
    const got = Buffer.from(given)
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false
    if (this.used.has(nonce)) return false
    this.used.set(nonce, now)
    return true
  }
}
