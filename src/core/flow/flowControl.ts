/**
 * Unacknowledged output with hysteresis, for one or several consumers: paused when any consumer is
 * more than `high` behind, resumed once every one is below `low`, so it does not flap. The one
 * flow-control scheme of a pane: its PTY pauses on the mirror's (Pane), and each attached client
 * is skipped, then resynchronised, on its own (PaneClients).
 */
export const enum FlowControlConstants {
  /** Unacknowledged chars after which the PTY is paused (VS Code's value). */
  HighWatermarkChars = 100_000,
  /** Every consumer must be below this before the PTY resumes (VS Code's value). */
  LowWatermarkChars = 5_000,
}

export class FlowControl {
  private readonly unacked = new Map<string, number>()
  private paused = false

  constructor(
    private readonly high: number = FlowControlConstants.HighWatermarkChars,
    private readonly low: number = FlowControlConstants.LowWatermarkChars,
  ) {}

  get isPaused(): boolean {
    return this.paused
  }

  pending(consumer: string): number {
    return this.unacked.get(consumer) ?? 0
  }

  /** Returns the new paused state when it changed, else undefined. */
  charge(consumer: string, chars: number): boolean | undefined {
    this.unacked.set(consumer, (this.unacked.get(consumer) ?? 0) + chars)
    return this.update()
  }

  credit(consumer: string, chars: number): boolean | undefined {
    const now = this.unacked.get(consumer)
    if (now === undefined) return undefined
    // Never below zero: heals from a client that acks more than it was sent.
    this.unacked.set(consumer, Math.max(0, now - chars))
    return this.update()
  }

  remove(consumer: string): boolean | undefined {
    this.unacked.delete(consumer)
    return this.update()
  }

  private update(): boolean | undefined {
    // Runs for every chunk of PTY output: no allocation, a plain loop over the consumers.
    let next = false
    for (const v of this.unacked.values()) {
      if (this.paused ? v >= this.low : v > this.high) {
        next = true
        break
      }
    }
    if (next === this.paused) return undefined
    this.paused = next
    return next
  }
}
