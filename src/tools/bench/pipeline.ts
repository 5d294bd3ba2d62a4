import { performance } from 'node:perf_hooks'
import { FlowControl } from '../../core/flow/flowControl'
import { BoardConstants } from '../../board/panes/boardOptions'
import { PtyProcess } from '../../board/pty/ptyProcess'
import { HeadlessMirror } from '../../board/screen/headlessMirror'
import { realClock } from '../../board/util/clock'
import { benchEnv } from './support'
import { type Timed, timed } from './timing'

export interface PipelineOptions {
  /** Parse in a headless mirror (else only read the PTY). */
  readonly mirror: boolean
  /**
   * Diagnosis only: while the run lasts, `setTimeout(fn)` / `setTimeout(fn, 0)` (how xterm's
   * write buffer re-arms when it ran empty; Node clamps it to 1 ms) becomes `setImmediate(fn)`.
   */
  readonly immediateTimers?: boolean
}

/**
 * The pane's data path rebuilt from its parts as in Pane.onPtyData (PtyProcess → FlowControl with
 * the pane's watermarks → HeadlessMirror), without events, foreground monitor or clients, so that
 * one factor at a time can be changed without touching the pane.
 */
export interface PipelineRun extends Timed {
  readonly pauses: number
  readonly chunks: number
  /** Wall time during which the mirror had parsed everything and waited for PTY data, ms. */
  readonly starvedMs: number
  /** From the last chunk read to PtyProcess reporting the exit, ms. */
  readonly exitLagMs: number
}

export async function catPipeline(path: string, opts: PipelineOptions): Promise<PipelineRun> {
  const launch = PtyProcess.launch(
    { argv: ['cat', path], cwd: '/', env: benchEnv() as Record<string, string>, cols: BoardConstants.DefaultCols, rows: BoardConstants.DefaultRows },
    realClock,
  )
  if (!launch.ok) throw new Error(launch.message)
  const pty = launch.pty
  const mirror = opts.mirror ? new HeadlessMirror(BoardConstants.DefaultCols, BoardConstants.DefaultRows, realClock) : null
  const flow = new FlowControl()
  let pauses = 0
  let chunks = 0
  let pending = 0
  let starvedMs = 0
  let emptyAt: number | null = null
  let lastRead = 0
  let exitLagMs = NaN
  const apply = (change: boolean | undefined) => {
    if (change === true) {
      pauses++
      pty.pause()
    } else if (change === false) pty.resume()
  }
  const original = globalThis.setTimeout
  if (opts.immediateTimers) {
    const patched = (fn: () => void, ms?: number, ...args: unknown[]) => (ms ? original(fn, ms, ...args) : setImmediate(fn))
    globalThis.setTimeout = patched as typeof setTimeout
  }
  try {
    const run = await timed(async (t0) => {
      let last = t0
      pty.onData((data) => {
        last = lastRead = performance.now()
        chunks++
        if (!mirror) return
        if (emptyAt !== null) starvedMs += last - emptyAt
        emptyAt = null
        const n = data.length
        pending += n
        apply(flow.charge('mirror', n))
        mirror.write(data, () => {
          apply(flow.credit('mirror', n))
          last = performance.now()
          pending -= n
          if (pending === 0) emptyAt = last
        })
      })
      await new Promise<void>((resolve) => pty.onExit(() => resolve()))
      exitLagMs = performance.now() - lastRead
      if (mirror) await new Promise<void>((resolve) => mirror.write('', resolve))
      return last
    })
    return { ...run, pauses, chunks, starvedMs, exitLagMs }
  } finally {
    globalThis.setTimeout = original
    pty.dispose()
    mirror?.dispose()
  }
}
