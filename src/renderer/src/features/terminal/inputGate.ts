/**
 * Keystrokes from a terminal view on their way to the pane, through the type-ahead guard in main
 * (`pane:type`). One request at a time, so keys keep their order: what is typed while a request
 * is out waits and goes next. Once main holds keys, everything typed after them is held too —
 * never delivered past the held ones — until the user sends or discards them.
 */
import type { TypeResult } from '../../../../shared/domain/answer'
import type { SeenVerdict } from '../../../../shared/ipc/contract'

export interface InputGateOptions {
  /** Sends keys through the guard with the verdict the view showed. */
  readonly send: (data: string, seen: SeenVerdict) => Promise<TypeResult>
  readonly seen: () => SeenVerdict
  /** The held keys changed ('' when none are held any more). */
  readonly onHeld: (held: string, reason: string) => void
}

export class InputGate {
  private pending = ''
  private inFlight = false
  private held = ''
  private reason = ''
  private disposed = false

  constructor(private readonly options: InputGateOptions) {}

  type(data: string): void {
    if (this.disposed) return
    if (this.held) {
      this.held += data
      this.options.onHeld(this.held, this.reason)
      return
    }
    this.pending += data
    void this.pump()
  }

  private async pump(): Promise<void> {
    if (this.inFlight || !this.pending || this.disposed) return
    const data = this.pending
    this.pending = ''
    this.inFlight = true
    try {
      const result = await this.options.send(data, this.options.seen())
      if (!result.delivered && !this.disposed) {
        this.held = data + this.pending
        this.pending = ''
        this.reason = result.reason
        this.options.onHeld(this.held, this.reason)
      }
    } catch {
      // Swallow: a write fails only when the pane just exited or was removed; its event follows.
    } finally {
      this.inFlight = false
    }
    void this.pump()
  }

  /** The held keys, handed over for sending as they are (the user confirmed); the gate opens. */
  release(): string {
    const keys = this.held
    this.held = ''
    this.options.onHeld('', '')
    return keys
  }

  discard(): void {
    this.held = ''
    this.options.onHeld('', '')
  }

  dispose(): void {
    this.disposed = true
    this.pending = ''
    this.held = ''
  }
}
