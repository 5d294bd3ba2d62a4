import type { HeldPtyInfo } from '../ptyHostProtocol/protocol'
import { relaunchSeed } from './relaunch'

/** A pane's last saved screen, with the log position it covers (workspace). */
export interface CheckpointedScreen {
  readonly serialized: string
  readonly cols: number
  readonly rows: number
  /** The pty host's log offset and key the screen covers; null for a screen saved without a pty host. */
  readonly offset: number | null
  readonly ptyKey: string | null
}

export interface TakeoverPlan {
  /** Ask the host for the output from here on. */
  readonly from: number
  /** What the mirror starts with, before that output. */
  readonly seed: string
  /** Output up to here was answered by the board before (its queries are not answered again). */
  readonly answeredUntil: number
  /** Bytes of output that are in neither the saved screen nor the host's log (its log overflowed). */
  readonly lost: number
  /** Which case it was, for the log. */
  readonly how: 'checkpoint' | 'whole log' | 'relaunch seed and whole log' | 'lost output'
}

/**
 * How a board rebuilds the exact screen of a pane it takes over from the previous board process:
 * the screen that board saved, then every byte the pty host logged after that screen's offset.
 * - The saved screen is of this very terminal (same key) and the log reaches back to it: exact.
 * - No screen of this terminal was saved yet (it started, or was relaunched, less than a save
 *   interval before the old board went) and the log still starts at 0: the whole log, after the
 *   relaunch seed the old board would have given it when there is an older screen of the pane.
 * - Otherwise output was lost (more than the log keeps arrived since the last save): the saved
 *   screen and what the log has, and the caller asks the program to redraw.
 * Pure: the screen and the host's description of the terminal in, a plan out.
 */
export function planTakeover(held: HeldPtyInfo, screen: CheckpointedScreen | null, argv: readonly string[], rows: number): TakeoverPlan {
  const answeredUntil = held.delivered
  const ours = screen !== null && screen.ptyKey === held.key && screen.offset !== null
  if (ours && screen.offset! >= held.logStart) return { from: screen.offset!, seed: screen.serialized, answeredUntil, lost: 0, how: 'checkpoint' }
  if (!ours && held.logStart === 0) {
    if (screen?.serialized) return { from: 0, seed: relaunchSeed(screen.serialized, rows, argv), answeredUntil, lost: 0, how: 'relaunch seed and whole log' }
    return { from: 0, seed: '', answeredUntil, lost: 0, how: 'whole log' }
  }
  const lost = held.logStart - (ours ? screen.offset! : 0)
  const note = `\r\n\x1b[0;2m── switchboard: ${Math.max(1, Math.round(lost / 1024))} KiB of output were lost while the board restarted; the program was asked to redraw ──\x1b[0m\r\n`
  return { from: held.logStart, seed: (screen?.serialized ?? '') + note, answeredUntil, lost, how: 'lost output' }
}
