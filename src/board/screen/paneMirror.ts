import type { Event } from '../../core/lifecycle/emitter'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { Clock } from '../../core/lifecycle/clock'
import type { OscRecord } from '../../shared/domain/pane'
import type { MirrorScreen } from './headlessMirror'
import { AdaptiveMirror } from './adaptiveMirror'
import { LocalMirror } from './localMirror'
import { RemoteMirror } from './remoteMirror'

/**
 * What a pane needs of its terminal of record, wherever it parses: on the board's thread
 * (LocalMirror) or in a parser worker of the mirror pool (RemoteMirror). Callbacks run in the order of the
 * writes; `serialize` covers exactly the writes before it.
 */
export interface PaneMirror extends IDisposable {
  readonly onReply: Event<string>
  readonly onTitle: Event<string>
  readonly onOsc: Event<OscRecord>
  /** The program rang the bell (a BEL outside any escape sequence). */
  readonly onBell: Event<void>
  /** The worker parsing it died or hung and none took its place: the screen is frozen. */
  readonly onDidFail: Event<string>
  /** The worker parsing it died or hung, and it parses again on a fresh one, from the last screen. */
  readonly onDidRecover: Event<string>
  readonly failure: string | null
  readonly title: string
  readonly synchronizing: boolean
  readonly bracketedPasteMode: boolean
  readonly osc: readonly OscRecord[]
  write(data: string, done: () => void): void
  resize(cols: number, rows: number): void
  /**
   * Screen, scrollback (at most `scrollback` lines) and modes as escape sequences, after everything
   * written before. `done` runs exactly once: with '' when the mirror failed or was disposed first.
   */
  snapshot(done: (data: string) => void, scrollback?: number): void
  screen(): MirrorScreen
}

/**
 * Where panes parse. `adaptive` by default (adaptiveMirror.ts). `worker`: the parser pool
 * (mirrorPool.ts), a few worker threads each hosting many panes, parsing them in turn. Measured
 * side by side with 20 panes flooding on this 2-core machine (4 runs, load 11–16), the pool kept
 * the serving thread's event-loop p99 at 19–50 ms against 76–171 ms on the main thread, and a quiet
 * pane's state change reached a client in 32–40 ms against 63–88 ms (README, bench). One worker per
 * pane (the earlier design) lost to the main thread there: 20 parser threads starved the serving
 * one. SWITCHBOARD_MIRROR_THREADS=main parses on the board's own thread (LocalMirror), as replay
 * does.
 */
export type MirrorThreads = 'main' | 'worker' | 'adaptive'

/**
 * `adaptive` by default (AdaptiveMirror): on the board's thread while a pane writes little, in the
 * pool once it floods. SWITCHBOARD_MIRROR_THREADS=main or =worker keeps every pane in one place.
 */
export function mirrorThreadsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): MirrorThreads {
  const asked = env.SWITCHBOARD_MIRROR_THREADS
  return asked === 'main' || asked === 'worker' ? asked : 'adaptive'
}

export function createPaneMirror(threads: MirrorThreads, cols: number, rows: number, clock: Clock): PaneMirror {
  if (threads === 'worker') return new RemoteMirror(cols, rows, clock)
  if (threads === 'main') return new LocalMirror(cols, rows, clock)
  return new AdaptiveMirror(cols, rows, clock)
}
