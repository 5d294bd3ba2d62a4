/**
 * A small young generation for the board's long-running processes (the daemon, the pty host) and
 * for its parser worker. V8 grows an isolate's young generation up to 2 × 16 MiB when allocation
 * comes in bursts (a restored workspace, many panes opened at once, a flood) and keeps it resident
 * after: in `BENCH_ONLY=agentmem` the daemon's thread grew 435 KiB per pane of heap for 35 KiB
 * of live objects, and the parser worker held 52 MB of heap for 16 MB used. Measured with the
 * cap (same bench, one session): 790–950 → 510–560 KiB of RSS per idle agent pane; the redraw
 * bench's CPU did not move (board 0.258 / 0.270 ms per 1000 chars without, 0.251 / 0.262 with).
 * Must be given on the command line: V8 sizes the heap when the isolate starts.
 */
export const enum HeapLimits {
  SemiSpaceMb = 2,
  /** A young generation is three semi-spaces (two, and the space for large new objects). */
  WorkerYoungGenerationMb = 3 * SemiSpaceMb,
}

/** Node's options for a board process, before its script. */
export const BOARD_PROCESS_FLAGS: readonly string[] = [`--max-semi-space-size=${HeapLimits.SemiSpaceMb}`]
