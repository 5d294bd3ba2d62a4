import type { Logger } from '../util/log'

interface Pending {
  /** Writes with the same key replace each other (a pane's row, the layout): only the newest matters. */
  readonly key: string | null
  /** The pane it belongs to, so a closed pane's waiting writes go with it. */
  readonly pane: string | null
  readonly what: string
  readonly write: () => void
}

/** Writes kept at most while the database refuses them; the oldest go first beyond this. */
const MAX_WAITING = 5_000

/**
 * The workspace's writes, in order, kept while the database refuses them (a full disk, an I/O
 * error) and written again, in the same order, once it takes them: a pane created while the disk
 * was full was never saved, and every later state change of it failed on its missing row
 * (FOREIGN KEY) forever (issue 24.12). A write waits behind earlier ones that failed, so a pane's
 * row always goes in before its states. One log line when saving stops, one when it resumes.
 */
export class WriteQueue {
  private waiting: Pending[] = []
  private failing: string | null = null
  private dropped = 0

  constructor(
    private readonly log: Logger,
    private readonly path: string,
  ) {}

  get size(): number {
    return this.waiting.length
  }

  /** Writes now, after whatever waits; what cannot be written waits for the next flush. */
  run(what: string, write: () => void, options: { key?: string; pane?: string } = {}): void {
    const item: Pending = { key: options.key ?? null, pane: options.pane ?? null, what, write }
    if (item.key !== null) {
      const at = this.waiting.findIndex((p) => p.key === item.key)
      if (at >= 0) {
        this.waiting[at] = item
        this.flush()
        return
      }
    }
    this.waiting.push(item)
    if (this.waiting.length > MAX_WAITING) {
      this.waiting.shift()
      this.dropped++
    }
    this.flush()
  }

  /** A closed pane: its waiting writes would only recreate what is being removed. */
  forget(pane: string): void {
    this.waiting = this.waiting.filter((p) => p.pane !== pane)
  }

  /** Tries the waiting writes in order; stops at the first that fails. True when none waits. */
  flush(): boolean {
    while (this.waiting.length) {
      const next = this.waiting[0]!
      try {
        next.write()
      } catch (err) {
        if (this.failing === null) {
          this.log.error(`could not ${next.what} in the workspace database ${this.path}; the board keeps it and tries again`, { err: String(err) })
        }
        this.failing = String(err)
        return false
      }
      this.waiting.shift()
    }
    if (this.failing !== null) {
      this.log.info(`the workspace database ${this.path} takes writes again; what waited is saved`, this.dropped ? { dropped: this.dropped } : undefined)
      this.failing = null
      this.dropped = 0
    }
    return true
  }
}
