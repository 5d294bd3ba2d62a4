import { closeSync, mkdirSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { createExclusive, readRegularFile, UnsafeFileError } from '../util/safeFiles'
import { join } from 'node:path'
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsSnapshot } from '../../shared/domain/settings'
import { configDir } from './configDir'

export const SETTINGS_FILE = 'settings.json'

type Loaded = { settings: Settings; error: string | null }

function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const [first] = issues
  if (!first) return 'invalid'
  const where = first.path.length ? `${first.path.map(String).join('.')}: ` : ''
  return `${where}${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`
}

/**
 * The user's settings as one JSON file in the config dir. Read on every `get` (the file may have
 * been edited by hand), validated with the shared schema; a missing file means the defaults, a
 * broken one means the defaults plus an error that says what is wrong and where. Saving over a
 * broken file keeps it as `settings.json.broken`, so nothing the user wrote is lost silently.
 */
export class SettingsStore {
  readonly dir: string
  readonly path: string

  constructor(dir: string = configDir()) {
    this.dir = dir
    this.path = join(dir, SETTINGS_FILE)
  }

  /** Where the status engine looks for the user's screen-rule overrides. */
  get rulesDir(): string {
    return join(this.dir, 'rules')
  }

  private load(): Loaded {
    let text: string
    try {
      // Never a FIFO or a symlink: opening one would block the board or read what it points to.
      text = readRegularFile(this.path)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return { settings: DEFAULT_SETTINGS, error: null }
      if (err instanceof UnsafeFileError) return { settings: DEFAULT_SETTINGS, error: `${err.message}. Using the defaults.` }
      return { settings: DEFAULT_SETTINGS, error: `${this.path} could not be read (${code ?? String(err)}). Using the defaults.` }
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch (err) {
      return {
        settings: DEFAULT_SETTINGS,
        error: `${this.path} is not valid JSON (${(err as Error).message}). Using the defaults; saving settings replaces the file and keeps the broken one as ${SETTINGS_FILE}.broken.`,
      }
    }
    const parsed = settingsSchema.safeParse(raw)
    if (!parsed.success) {
      return {
        settings: DEFAULT_SETTINGS,
        error: `${this.path}: ${describeIssues(parsed.error.issues)}. Using the defaults; saving settings replaces the file and keeps the broken one as ${SETTINGS_FILE}.broken.`,
      }
    }
    return { settings: parsed.data, error: null }
  }

  get(): SettingsSnapshot {
    const { settings, error } = this.load()
    return { settings, error, path: this.path, rulesDir: this.rulesDir }
  }

  /** Validates and saves; returns what is in effect now. Throws only when the file cannot be written. */
  set(next: Settings): SettingsSnapshot {
    const settings = settingsSchema.parse(next)
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
    if (this.load().error) {
      try {
        writeNew(`${this.path}.broken`, readRegularFile(this.path))
      } catch {
        // Swallow: an unreadable file (or a FIFO, a link) cannot be kept either; the error said so already.
      }
    }
    // Write and rename: a crash mid-write never leaves half a file, and rename replaces a
    // FIFO or link at the path itself rather than writing through it.
    const tmp = `${this.path}.${process.pid}.tmp`
    writeNew(tmp, JSON.stringify(settings, null, 2) + '\n')
    renameSync(tmp, this.path)
    return this.get()
  }
}

/** Writes a file of our own, created anew: whatever sat at the path (a leftover, a link) is removed first. */
function writeNew(path: string, text: string): void {
  try {
    unlinkSync(path)
  } catch {
    // Swallow: usually there is none.
  }
  const fd = createExclusive(path)
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
}

let shared: SettingsStore | null = null

/** The process's store, in the config dir as the environment names it at first use. */
export function sharedSettingsStore(): SettingsStore {
  return (shared ??= new SettingsStore())
}
