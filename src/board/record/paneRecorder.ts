import { closeSync, openSync, writeSync } from 'node:fs'
import type { Clock } from '../../core/lifecycle/clock'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { ProcessSignal } from '../../core/status/processSignals'
import { HEADER_KEY, recordingFiles, type RecordingFiles } from './recordingFiles'

export const enum RecorderConstants {
  /** Lines are buffered and written this often (a flood must not cost a write per chunk). */
  FlushMs = 100,
  /** …or as soon as this much is buffered. */
  FlushChars = 64 * 1024,
}

export interface RecorderOptions {
  /** The .cast path; the sidecar files are derived from it. Refused if any of them exists. */
  readonly file: string
  readonly cols: number
  readonly rows: number
  readonly argv: readonly string[]
  readonly title: string
  readonly clock: Clock
  /** Values that must never be written (the pane's report token): replaced wherever they appear. */
  readonly secrets: readonly string[]
}

export interface RecordingSummary {
  readonly files: RecordingFiles
  readonly seconds: number
  readonly events: number
  readonly reports: number
  /** The recording stopped early because a write failed (disk full, file system gone). */
  readonly error?: string
}

const REDACTED = '[redacted]'

/** One open file, written in batches, created 0600 (a recording holds what the user typed). */
class LineFile {
  private buffer = ''
  private readonly fd: number

  constructor(path: string) {
    // 'wx': an existing recording is never overwritten.
    this.fd = openSync(path, 'wx', 0o600)
  }

  add(line: string): number {
    this.buffer += line + '\n'
    return this.buffer.length
  }

  flush(): void {
    if (!this.buffer) return
    writeSync(this.fd, this.buffer)
    this.buffer = ''
  }

  close(): void {
    try {
      this.flush()
    } finally {
      this.buffer = ''
      closeSync(this.fd)
    }
  }
}

/**
 * Records one live pane as asciicast v2 plus its reports and process signals (recordingFiles.ts),
 * timestamps in seconds on the board's clock from the start of the recording. Secrets are
 * scrubbed from every event before it is buffered.
 */
export class PaneRecorder implements IDisposable {
  readonly files: RecordingFiles
  private readonly cast: LineFile
  private readonly hooks: LineFile
  private readonly process: LineFile
  private readonly start: number
  private readonly secrets: readonly string[]
  private timer: IDisposable | null = null
  private events = 0
  private reports = 0
  private lastT = 0
  private closed = false
  private error: string | undefined

  constructor(private readonly options: RecorderOptions) {
    this.files = recordingFiles(options.file)
    this.secrets = options.secrets.filter((s) => s.length >= 8)
    const opened: LineFile[] = []
    try {
      for (const path of [this.files.cast, this.files.hooks, this.files.process]) opened.push(new LineFile(path))
    } catch (err) {
      for (const f of opened) f.close()
      throw err
    }
    ;[this.cast, this.hooks, this.process] = opened as [LineFile, LineFile, LineFile]
    this.start = options.clock.now()
    const header = {
      version: 2,
      width: options.cols,
      height: options.rows,
      timestamp: Math.floor(Date.now() / 1000),
      title: this.scrub(options.title),
      command: this.scrub(options.argv.join(' ')),
      env: { TERM: 'xterm-256color' },
      [HEADER_KEY]: { argv: options.argv.map((a) => this.scrub(a)) },
    }
    this.cast.add(JSON.stringify(header))
    this.cast.flush()
  }

  private scrub(text: string): string {
    let out = text
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
    return out
  }

  private t(): number {
    this.lastT = Math.round(this.options.clock.now() - this.start) / 1000
    return this.lastT
  }

  private add(file: LineFile, line: string): void {
    if (this.closed) return
    this.events++
    if (file.add(this.scrub(line)) >= RecorderConstants.FlushChars) this.guarded(() => file.flush())
    else this.timer ??= this.options.clock.setTimeout(() => this.flush(), RecorderConstants.FlushMs)
  }

  /** A failed write ends the recording (what was written stays), never the pane or the board. */
  private guarded(write: () => void): void {
    try {
      write()
    } catch (err) {
      this.error = `writing the recording failed: ${err instanceof Error ? err.message : String(err)}`
      this.stop()
    }
  }

  output(data: string): void {
    this.add(this.cast, JSON.stringify([this.t(), 'o', data]))
  }

  input(data: string): void {
    this.add(this.cast, JSON.stringify([this.t(), 'i', data]))
  }

  resize(cols: number, rows: number): void {
    this.add(this.cast, JSON.stringify([this.t(), 'r', `${cols}x${rows}`]))
  }

  /** A ground-truth marker, as the fixtures write them: `state:<label>`. */
  mark(label: string): void {
    this.add(this.cast, JSON.stringify([this.t(), 'm', `state:${label}`]))
  }

  report(event: string, payload: unknown): void {
    this.reports++
    this.add(this.hooks, JSON.stringify({ t: this.t(), event, payload }))
  }

  processSignal(signal: ProcessSignal): void {
    if (signal.kind === 'spawned') return
    const { at: _at, ...rest } = signal
    this.add(this.process, JSON.stringify({ t: this.t(), ...rest }))
  }

  private flush(): void {
    this.timer = null
    this.guarded(() => {
      for (const f of [this.cast, this.hooks, this.process]) f.flush()
    })
  }

  get failed(): string | undefined {
    return this.error
  }

  /** Writes everything buffered and closes the files. */
  stop(): RecordingSummary {
    if (!this.closed) {
      this.closed = true
      this.timer?.dispose()
      this.timer = null
      for (const f of [this.cast, this.hooks, this.process]) {
        try {
          f.close()
        } catch (err) {
          this.error ??= `writing the recording failed: ${err instanceof Error ? err.message : String(err)}`
        }
      }
    }
    return { files: this.files, seconds: this.lastT, events: this.events, reports: this.reports, ...(this.error ? { error: this.error } : {}) }
  }

  dispose(): void {
    this.stop()
  }
}
