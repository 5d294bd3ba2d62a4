/**
 * When a batch of output leaves: at once after a quiet spell, then at most one batch per `gapMs`
 * while output keeps coming, and at once again for output that follows input closely (its echo).
 *
 * Measured (issue 20): the cost of a terminal's output is per chunk, not per byte. 20 agents
 * redrawing at 10 Hz are 200 chunks a second, each a wake-up of every thread it crosses (the pty
 * host's socket write, the board's read, the parser worker, its answer); one batch per display
 * frame (16 ms) carries ~3 of them. A lone chunk waits for nothing, and neither does a keystroke's
 * echo on a busy board.
 */
export const enum FlushPacerConstants {
  /** One display frame: a client cannot show output sooner than its next frame anyway. */
  GapMs = 16,
  /** Output this soon after input goes at once: the echo of a key, a query's answer. */
  EchoWindowMs = 50,
}

export class FlushPacer {
  private lastFlush = Number.NEGATIVE_INFINITY
  private lastInput = Number.NEGATIVE_INFINITY

  constructor(
    private readonly gapMs: number = FlushPacerConstants.GapMs,
    private readonly echoWindowMs: number = FlushPacerConstants.EchoWindowMs,
  ) {}

  /** Milliseconds from `now` until output due now should leave; 0: in this turn. */
  delay(now: number): number {
    if (now - this.lastInput < this.echoWindowMs) return 0
    return Math.max(0, this.lastFlush + this.gapMs - now)
  }

  flushed(now: number): void {
    this.lastFlush = now
  }

  /** Input went to the program: what it prints next is likely its answer. */
  input(now: number): void {
    this.lastInput = now
  }
}
