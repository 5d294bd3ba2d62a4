import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

type CastLine = [number, 'o' | 'i' | 'r' | 'm' | 'x', string | number]

/** A live verdict change, on the recording's clock: what the board showed while the run happened. */
export interface LiveVerdict {
  readonly t: number
  readonly state: string
}

/**
 * Records a harness run as asciicast v2 (output, input, resizes, `m` markers `state:<label>` for
 * the scenario's ground truth, the exit), with the agent's reports beside it on the same clock —
 * the format of ../shared/fixtures/<agent>/ — and the live verdicts the board showed, so a run can
 * be scored both live (agents:check) and replayed (fixture tests).
 */
export class CastRecorder {
  private t0 = 0
  private cols = 0
  private rows = 0
  private readonly lines: CastLine[] = []
  private readonly hooks: { t: number; event: string; payload: unknown }[] = []
  readonly verdicts: LiveVerdict[] = []

  start(cols: number, rows: number, state: string, at = Date.now()): void {
    this.t0 = at
    this.cols = cols
    this.rows = rows
    this.verdicts.push({ t: 0, state })
  }

  private t(at = Date.now()): number {
    return Math.max(0, Math.round(at - this.t0)) / 1000
  }

  get started(): boolean {
    return this.t0 > 0
  }

  output(data: string): void {
    if (this.started) this.lines.push([this.t(), 'o', data])
  }

  input(data: string): void {
    if (this.started) this.lines.push([this.t(), 'i', data])
  }

  resize(cols: number, rows: number): void {
    if (this.started) this.lines.push([this.t(), 'r', `${cols}x${rows}`])
  }

  mark(label: string, at = Date.now()): void {
    if (this.started) this.lines.push([this.t(at), 'm', label])
  }

  exit(code: number): void {
    if (this.started) this.lines.push([this.t(), 'x', code])
  }

  report(at: number, event: string, payload: unknown): void {
    if (this.started) this.hooks.push({ t: this.t(at), event, payload })
  }

  verdict(state: string): void {
    if (this.started) this.verdicts.push({ t: this.t(), state })
  }

  /** Seconds since the start, on the recording's clock. */
  now(): number {
    return this.t()
  }

  castText(title: string): string {
    const head = { version: 2, width: this.cols, height: this.rows, timestamp: Math.floor(this.t0 / 1000), title, env: { TERM: 'xterm-256color' } }
    // Markers are taken from a wall clock and output from callbacks: keep the file in time order.
    const lines = [...this.lines].sort((a, b) => a[0] - b[0])
    // v2 has no `x` event: the exit is a marker the scorer ignores and the end of the recording.
    const v2 = lines.map(([t, type, data]) => (type === 'x' ? [t, 'm', `exit:${String(data)}`] : [t, type, data]))
    return [JSON.stringify(head), ...v2.map((l) => JSON.stringify(l))].join('\n') + '\n'
  }

  /** Writes `<name>.cast` and `<name>.hooks.jsonl` (and the live verdicts) into `dir`. */
  save(dir: string, name: string, title: string): { cast: string; hooks: string } {
    mkdirSync(dir, { recursive: true })
    const cast = join(dir, `${name}.cast`)
    const hooks = join(dir, `${name}.hooks.jsonl`)
    writeFileSync(cast, this.castText(title))
    writeFileSync(hooks, this.hooks.map((h) => JSON.stringify(h)).join('\n') + (this.hooks.length ? '\n' : ''))
    writeFileSync(join(dir, `${name}.verdicts.jsonl`), this.verdicts.map((v) => JSON.stringify(v)).join('\n') + '\n')
    return { cast, hooks }
  }
}
