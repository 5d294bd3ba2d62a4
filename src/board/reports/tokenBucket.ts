/**
 * A token bucket: `burst` reports at once, then `perSecond` on average. Keeps a flood from one
 * pane (a runaway plugin, a loop in a hook) from swamping the status engine; time is passed in.
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst
    this.last = now
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond)
    this.last = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
