/**
 * Did the program take the line the answer box sent? A program that was not reading its input
 * yet can drop it without a trace (Claude Code 2.1.197 at load 3.5: `[STEP1] …` sent before it
 * read input, nothing happened, and nobody said so). So after sending, the board watches for the
 * line's echo on the screen or the agent starting work, and says when neither came. Pure: main
 * reads the screen and the verdict and passes the time.
 */
import type { Evidence, PaneState } from '../../shared/domain/pane'
import type { Delivery } from '../../shared/domain/answer'

export const enum DeliveryConstants {
  /**
   * How long after the Enter the board waits for a sign of the line: an echo comes within a frame
   * (20–60 ms measured on every agent, up to 1.4 s before Claude's first redraw at load 19).
   */
  WaitMs = 4000,
  /** How much of the line's start is looked for on the screen: enough to be its own, short enough to fit a 50-column row's wrap. */
  ProbeChars = 24,
}

/** What the board remembers of the screen and the pane before sending. */
export interface DeliveryBaseline {
  readonly probe: string
  /** How often the probe was on the screen before the line was sent. */
  readonly echoes: number
  readonly state: PaneState
  readonly sentAt: number
}

/** What the board sees now. */
export interface DeliveryView {
  readonly lines: readonly string[]
  readonly state: PaneState
  /** The evidence behind the verdict now (a board's own key as the first is not the agent speaking). */
  readonly evidence: readonly Evidence[]
}

const squash = (text: string) => text.replace(/\s+/g, '')

/** The start of the line's first non-empty row, without whitespace (wrapping and indents then do not matter). */
export function echoProbe(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? ''
  return squash(first).slice(0, DeliveryConstants.ProbeChars)
}

/** How often the probe appears on the screen (whitespace ignored, so a wrapped echo still counts). */
export function echoCount(lines: readonly string[], probe: string): number {
  if (!probe) return 0
  const screen = squash(lines.join(''))
  let count = 0
  for (let at = screen.indexOf(probe); at >= 0; at = screen.indexOf(probe, at + probe.length)) count++
  return count
}

export function deliveryBaseline(text: string, lines: readonly string[], state: PaneState, sentAt: number): DeliveryBaseline {
  const probe = echoProbe(text)
  return { probe, echoes: echoCount(lines, probe), state, sentAt }
}

const TOOK_IT: readonly PaneState[] = ['working', 'blocked', 'question']

/**
 * Taken, or null while there is no sign yet: the line is on the screen once more than before
 * (the program echoed it), or a pane that was not working went to work (or straight to a dialog)
 * as the agent itself shows it (its screen, a report, its own terminal state: not the board's own
 * "Enter on a typed prompt", nor the board first seeing a starting pane's program). A line sent
 * into work ("send anyway") is taken only by its echo: the turn ending then says nothing about it.
 */
export function deliveryTaken(base: DeliveryBaseline, now: DeliveryView): Delivery | null {
  if (echoCount(now.lines, base.probe) > base.echoes) return { taken: true, by: 'echo', detail: 'the line is on the screen' }
  const first = now.evidence[0]
  // Starting, the board has not seen the program yet: its first sight of it (its process) is no
  // answer to the line. Under load that sight came after the line, and a program that ignored
  // input was reported as having taken it (delivery.test in CI).
  const discovered = base.state === 'starting' && first?.source === 'process'
  if (base.state !== 'working' && TOOK_IT.includes(now.state) && first !== undefined && first.source !== 'input' && !discovered) {
    return { taken: true, by: 'state', detail: `the pane went from ${base.state} to ${now.state} (${first.source}: ${first.detail.slice(0, 80)})` }
  }
  return null
}

/** A line reported not taken that is on the screen now after all (the program read it late): sending it again would type it twice. */
export function takenLate(base: DeliveryBaseline, lines: readonly string[]): boolean {
  return echoCount(lines, base.probe) > base.echoes
}

/** What the user is told when nothing came. */
export function notTaken(waitedMs: number): Delivery {
  return {
    taken: false,
    waitedMs,
    message: `Not taken — the agent was not reading input yet: nothing of the line appeared and nothing changed within ${Math.round(waitedMs / 100) / 10} s. Send it again once the agent is ready.`,
  }
}
