import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
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
      text = readFileSync(this.path, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return { settings: DEFAULT_SETTINGS, error: null }
      return { settings: DEFAULT_SETTINGS, error: `${this.path} could not be read (${code ?? String(err)}). Using the defaults.` }
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch (err) {
      return { settings: DEFAULT_SETTINGS, error: `${this.path} is not valid JSON (${(err as Error).message}). Using the defaults; saving settings replaces the file and keeps the broken one as ${SETTINGS_FILE}.broken.` }
    }
    const parsed = settingsSchema.safeParse(raw)
    if (!parsed.success) {
      return { settings: DEFAULT_SETTINGS, error: `${this.path}: ${describeIssues(parsed.error.issues)}. Using the defaults; saving settings replaces the file and keeps the broken one as ${SETTINGS_FILE}.broken.` }
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
        copyFileSync(this.path, `${this.path}.broken`)
      } catch {
        // Swallow: an unreadable file cannot be copied either; the error said so already.
      }
    }
    // Write and rename: a crash mid-write never leaves half a file.
    const tmp = `${this.path}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(settings, null, 2) + '\n', { mode: 0o600 })
    renameSync(tmp, this.path)
    return this.get()
  }
}

let shared: SettingsStore | null = null

/** The process's store, in the config dir as the environment names it at first use. */
export function sharedSettingsStore(): SettingsStore {
  return (shared ??= new SettingsStore())
}
