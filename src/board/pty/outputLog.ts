import { closeSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { OutputSink } from './fdTerminal'

export const enum OutputLogConstants {
  /** A file is closed and a new one begun past this, so that a saved screen lets whole files go. */
  FileBytes = 256 * 1024,
  /**
   * Kept per terminal since the board's last saved screen (it saves every 2 s): beyond this the
   * oldest file goes, and a board that dies then says the screen may be incomplete and asks the
   * program to redraw (the pty host's own log used the same bound).
   */
  MaxBytes = 4 * 1024 * 1024,
}

export interface LogFile {
  readonly start: number
  size: number
}

/** A terminal's log files, oldest first, as far back as they are contiguous. */
function listFiles(dir: string): LogFile[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const files: LogFile[] = []
  for (const name of names) {
    const m = /^(\d+)\.log$/.exec(name)
    if (!m) continue
    try {
      files.push({ start: Number(m[1]), size: statSync(join(dir, name)).size })
    } catch {
      // Swallow: removed meanwhile.
    }
  }
  files.sort((a, b) => a.start - b.start)
  // Only what reaches the newest without a gap counts (a gap: a board died while it rotated).
  let first = files.length - 1
  while (first > 0 && files[first - 1]!.start + files[first - 1]!.size === files[first]!.start) first--
  return files.slice(Math.max(first, 0))
}

/**
 * The output a board read from a terminal since its last saved screen, written down as it reads
 * (one append per chunk, in the runtime dir): the pty host only holds the terminals, so this is
 * what lets a board that was killed rebuild the exact screen, as the host's log did when it read
 * every byte. Files named by the offset of their first byte; a saved screen lets the older ones go.
 */
export class OutputLog implements OutputSink {
  private files: LogFile[]
  /** What the files hold, kept as they change (the bound is checked on every chunk appended). */
  private kept: number
  private fd: number | null = null
  private failed = false

  constructor(
    private readonly dir: string,
    /** The offset of the next byte appended. */
    private end: number,
    private readonly warn: (message: string) => void,
    /** The folder's files as `readOutputLog` just listed them (a takeover reads them first); listed here otherwise. */
    saved?: SavedOutput,
  ) {
    this.files = saved ? saved.files.map((f) => ({ ...f })) : listFiles(dir)
    const last = this.files[this.files.length - 1]
    if (last && last.start + last.size !== end) {
      // Not where this reader goes on from (they were lost, or are of before a gap): begun afresh.
      rmSync(dir, { recursive: true, force: true })
      this.files = []
    }
    this.kept = this.files.reduce((n, f) => n + f.size, 0)
  }

  append(bytes: Buffer): void {
    if (this.failed) return
    try {
      let file = this.files[this.files.length - 1]
      if (this.fd === null || !file || file.size >= OutputLogConstants.FileBytes) file = this.open()
      writeSync(this.fd!, bytes)
      file.size += bytes.length
      this.end += bytes.length
      this.kept += bytes.length
      while (this.files.length > 1 && this.kept > OutputLogConstants.MaxBytes) this.drop()
    } catch (err) {
      this.failed = true
      this.closeFile()
      this.warn(
        `a terminal's output could not be written down (${err instanceof Error ? err.message : String(err)}); if the board dies, its screen may come back incomplete`,
      )
    }
  }

  private open(): LogFile {
    this.closeFile()
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    this.fd = openSync(join(this.dir, `${this.end}.log`), 'a', 0o600)
    const last = this.files[this.files.length - 1]
    if (last?.start === this.end) return last
    const file = { start: this.end, size: 0 }
    this.files.push(file)
    return file
  }

  /** A screen covering the output up to `offset` is saved: files wholly before it go. */
  checkpoint(offset: number): void {
    while (this.files.length > 1 && this.files[0]!.start + this.files[0]!.size <= offset) this.drop()
  }

  private drop(): void {
    const file = this.files.shift()!
    this.kept -= file.size
    try {
      unlinkSync(join(this.dir, `${file.start}.log`))
    } catch {
      // Swallow: gone already.
    }
  }

  private closeFile(): void {
    if (this.fd === null) return
    try {
      closeSync(this.fd)
    } catch {
      // Swallow: nothing to flush (no buffering here).
    }
    this.fd = null
  }

  close(): void {
    this.closeFile()
  }

  /** The terminal is forgotten: its files go. */
  remove(): void {
    this.closeFile()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** What a terminal's log files hold: output from `start` to `end`. */
export interface SavedOutput {
  readonly start: number
  readonly end: number
  /** The files, oldest first (an OutputLog going on from `end` takes them over). */
  readonly files: readonly LogFile[]
  /** The bytes from `from` (clamped to `start`) to `end`. */
  bytes(from: number): Buffer
}

export function readOutputLog(dir: string): SavedOutput {
  const files = listFiles(dir)
  const start = files[0]?.start ?? 0
  const last = files[files.length - 1]
  const end = last ? last.start + last.size : 0
  return {
    start,
    end,
    files,
    bytes(from) {
      const parts: Buffer[] = []
      for (const file of files) {
        const skip = Math.max(0, from - file.start)
        if (skip >= file.size) continue
        const buf = Buffer.allocUnsafe(file.size - skip)
        const fd = openSync(join(dir, `${file.start}.log`), 'r')
        try {
          let got = 0
          while (got < buf.length) {
            const n = readSync(fd, buf, got, buf.length - got, skip + got)
            if (n <= 0) break
            got += n
          }
          parts.push(buf.subarray(0, got))
        } finally {
          closeSync(fd)
        }
      }
      return Buffer.concat(parts)
    },
  }
}

/** Log folders of terminals no pty host holds any more (the board and its host died together). */
export function sweepOutputLogs(root: string, keep: ReadonlySet<string>): void {
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return
  }
  for (const name of names) if (!keep.has(name)) rmSync(join(root, name), { recursive: true, force: true })
}
