import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** How long a browser login lasts: after this, `switchboard open` logs the tab in again. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

function mac(token: string, body: string): string {
  return createHmac('sha256', token).update(`switchboard-session:${body}`).digest('base64url')
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Per-login expiring sessions for browser mode (shared/ipc/browserLogin.ts says why): each login
 * mints one, `<expiry>.<nonce>.<mac>` keyed by the daemon's token, so a restarted daemon (same
 * token) still knows the tabs that were logged in, and none outlives its expiry. The static page
 * has a cookie of its own (`view`) that opens nothing but the page.
 */
export class BrowserSessions {
  constructor(
    private readonly token: string,
    private readonly now: () => number = Date.now,
  ) {}

  mint(): string {
    const body = `${(this.now() + SESSION_TTL_MS).toString(36)}.${randomBytes(12).toString('base64url')}`
    return `${body}.${mac(this.token, body)}`
  }

  valid(session: unknown): boolean {
    if (typeof session !== 'string' || session.length > 256) return false
    const parts = session.split('.')
    if (parts.length !== 3) return false
    const [expiry, nonce, given] = parts as [string, string, string]
    const until = parseInt(expiry, 36)
    return Number.isFinite(until) && until > this.now() && same(given, mac(this.token, `${expiry}.${nonce}`))
  }

  /** The cookie that lets a browser load the page and its assets (nothing else), same for every login. */
  viewCookie(): string {
    return mac(this.token, 'view')
  }
}
