import type { ProcessSignal } from '../../core/status/processSignals'

/**
 * A recording is three files side by side: `NAME.cast` (asciicast v2: output, input, resizes and
 * ground-truth markers), `NAME.hooks.jsonl` (the agent's reports, `{"t","event","payload"}` per
 * line, as in ../shared/fixtures) and `NAME.process.jsonl` (the process channel: the foreground
 * program, who reads the terminal, the exit), so a replay gets every signal the live pane got.
 */
export interface RecordingFiles {
  readonly cast: string
  readonly hooks: string
  readonly process: string
}

export function recordingFiles(cast: string): RecordingFiles {
  const base = cast.replace(/\.cast$/, '')
  return { cast, hooks: `${base}.hooks.jsonl`, process: `${base}.process.jsonl` }
}

/** One line of NAME.process.jsonl: a process signal, its `at` replaced by `t` seconds from the start. */
export type RecordedProcess = { readonly t: number } & (
  Omit<Extract<ProcessSignal, { kind: 'foreground' }>, 'at'> | Omit<Extract<ProcessSignal, { kind: 'exit' }>, 'at'>
)

/** The asciicast header key that tells a replay what the pane ran (its argv decides agent and shell). */
export const HEADER_KEY = 'switchboard'

export interface RecordingHeader {
  readonly argv: readonly string[]
}

export class RecordingFormatError extends Error {}

/** Parses NAME.process.jsonl; a line that is not a known signal is an error naming the line. */
export function parseProcessEvents(text: string): RecordedProcess[] {
  const out: RecordedProcess[] = []
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    const obj = JSON.parse(line) as Record<string, unknown>
    const ok =
      typeof obj.t === 'number' &&
      ((obj.kind === 'foreground' && typeof obj.program === 'object' && obj.program !== null) || (obj.kind === 'exit' && typeof obj.code === 'number'))
    if (!ok) throw new RecordingFormatError(`process line ${i + 1}: needs "t" and a foreground or exit signal`)
    out.push(obj as unknown as RecordedProcess)
  })
  return out.sort((a, b) => a.t - b.t)
}
