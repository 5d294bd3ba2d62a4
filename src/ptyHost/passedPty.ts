import { closeSync } from 'node:fs'
import type { IDisposable } from '../core/lifecycle/disposable'
import type { PtyProcess } from '../board/pty/ptyProcess'
import type { HeldPtyInfo, PtyId, WireExit } from '../board/ptyHostProtocol/protocol'

/**
 * One terminal in a pty host that passes terminals on (fdPass.ts): the PTY with its program, and a
 * copy of its master descriptor, held open so that output written while no board reads waits in
 * the kernel, and the last words of a program that ended between two boards are still there for
 * the next. The host never reads it: the board that attaches gets the descriptor and does.
 */
export class PassedPty implements IDisposable {
  exit: WireExit | null = null
  /** Always: an exit is sent to the board that holds the descriptor. */
  attached: { sentTo: number } | null = null
  /** The offset of the board's last saved screen: what a board restarted starts counting from. */
  private checkpointed = 0
  private readonly subscription: IDisposable
  private closed = false

  constructor(
    readonly id: PtyId,
    readonly key: string,
    readonly pty: PtyProcess,
    /** The copy of the master descriptor this host keeps. */
    readonly fd: number,
    public handover: string,
    exited: (pty: PassedPty) => void,
  ) {
    this.subscription = pty.onExit((exit) => {
      this.exit = exit
      exited(this)
    })
  }

  get pid(): number {
    return this.pty.pid
  }

  info(): HeldPtyInfo {
    const at = this.checkpointed
    return { id: this.id, key: this.key, pid: this.pid, handover: this.handover, logStart: at, end: at, delivered: at, exit: this.exit, direct: true }
  }

  attach(): void {
    this.attached = { sentTo: this.checkpointed }
  }

  detach(): void {
    this.attached = null
  }

  checkpoint(offset: number): void {
    this.checkpointed = Math.max(this.checkpointed, offset)
  }

  dispose(): void {
    this.subscription.dispose()
    this.pty.dispose()
    if (this.closed) return
    this.closed = true
    try {
      closeSync(this.fd)
    } catch {
      // Swallow: closed already.
    }
  }
}
