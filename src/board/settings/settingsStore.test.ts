import { afterEach, describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_SETTINGS, settingsSchema } from '../../shared/domain/settings'
import { configDir } from './configDir'
import { openFolder, setFolderOpener } from './folderOpener'
import { SettingsStore } from './settingsStore'
import { fifoWithValve } from '../test/support'

const dirs: string[] = []
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-settings-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  setFolderOpener(null)
})

describe('settings store', () => {
  it('gives the defaults, without an error, when there is no file yet', () => {
    const dir = join(tempDir(), 'config')
    const store = new SettingsStore(dir)
    expect(store.get()).toEqual({ settings: DEFAULT_SETTINGS, error: null, path: join(dir, 'settings.json'), rulesDir: join(dir, 'rules') })
    expect(DEFAULT_SETTINGS.notifications).toEqual({
      blocked: 'alert',
      question: 'alert',
      input: 'quiet',
      asked: 'quiet',
      finished: 'off',
      alert: 'alert',
      graceSeconds: 0,
      cooldownSeconds: 30,
      awaySummarySeconds: 60,
      agentModes: {},
      sounds: { blocked: false, question: false, input: false, asked: false, finished: false, alert: false },
    })
    expect(DEFAULT_SETTINGS.appearance).toEqual({ theme: 'system', fontSize: 13 })
  })

  it('saves (creating the dir), reads back, and fills what a hand-written file leaves out', () => {
    const dir = join(tempDir(), 'nested', 'config')
    const store = new SettingsStore(dir)
    const next = settingsSchema.parse({
      notifications: { finished: 'quiet', graceSeconds: 5 },
      agents: { claude: { args: ['--model', 'opus'] } },
      appearance: { theme: 'light' },
    })
    expect(store.set(next).settings).toEqual(next)
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
    expect(new SettingsStore(dir).get().settings.agents.claude!.args).toEqual(['--model', 'opus'])

    writeFileSync(store.path, JSON.stringify({ appearance: { fontSize: 16 } }))
    const partial = store.get()
    expect(partial.error).toBeNull()
    expect(partial.settings.appearance).toEqual({ theme: 'system', fontSize: 16 })
    expect(partial.settings.notifications).toEqual(DEFAULT_SETTINGS.notifications)
  })

  it('a file that is not JSON gives the defaults and an error naming the file', () => {
    const store = new SettingsStore(tempDir())
    writeFileSync(store.path, '{ "appearance": { "theme": "dark", }')
    const snap = store.get()
    expect(snap.settings).toEqual(DEFAULT_SETTINGS)
    expect(snap.error).toContain(store.path)
    expect(snap.error).toMatch(/not valid JSON/)
    expect(snap.error).toMatch(/Using the defaults/)
  })

  it('a file with a wrong value gives the defaults and says which field is wrong', () => {
    const store = new SettingsStore(tempDir())
    writeFileSync(store.path, JSON.stringify({ notifications: { blocked: 'loud' }, appearance: { fontSize: 3 } }))
    const snap = store.get()
    expect(snap.settings).toEqual(DEFAULT_SETTINGS)
    expect(snap.error).toMatch(/notifications\.blocked: .*\(and 1 more\)/)
  })

  it('saving over a broken file keeps the broken one beside it', () => {
    const store = new SettingsStore(tempDir())
    writeFileSync(store.path, 'not json')
    const snap = store.set({ ...DEFAULT_SETTINGS, appearance: { theme: 'dark', fontSize: 14 } })
    expect(snap.error).toBeNull()
    expect(snap.settings.appearance.theme).toBe('dark')
    expect(readFileSync(`${store.path}.broken`, 'utf8')).toBe('not json')
  })

  it('a FIFO or a symlink at settings.json is refused at once, never opened (issue 24.3: open() blocked the board)', () => {
    const dir = tempDir()
    const store = new SettingsStore(dir)
    const stop = fifoWithValve(store.path)
    try {
      const t0 = Date.now()
      const snap = store.get()
      expect(Date.now() - t0).toBeLessThan(500)
      expect(snap.settings).toEqual(DEFAULT_SETTINGS)
      expect(snap.error).toBe(
        `${store.path} is a FIFO (named pipe), not a regular file: the board does not open it (replace it with a plain file). Using the defaults.`,
      )
      // Saving replaces the FIFO (rename), without opening it to keep a copy.
      const t1 = Date.now()
      store.set(DEFAULT_SETTINGS)
      expect(Date.now() - t1).toBeLessThan(500)
      expect(statSync(store.path).isFile()).toBe(true)
      expect(store.get().error).toBeNull()
    } finally {
      stop()
    }
    const secret = join(dir, 'elsewhere.json')
    writeFileSync(secret, JSON.stringify({ appearance: { fontSize: 20 } }))
    rmSync(store.path)
    symlinkSync(secret, store.path)
    expect(store.get().error).toMatch(/is a symbolic link, not a regular file/)
    store.set(DEFAULT_SETTINGS)
    expect(JSON.parse(readFileSync(secret, 'utf8'))).toEqual({ appearance: { fontSize: 20 } })
  })

  it('refuses to save invalid settings', () => {
    const store = new SettingsStore(tempDir())
    expect(() => store.set({ ...DEFAULT_SETTINGS, appearance: { theme: 'dark', fontSize: 99 } })).toThrow()
    expect(existsSync(store.path)).toBe(false)
  })
})

describe('config dir', () => {
  it('is SWITCHBOARD_CONFIG_DIR when set, else the platform’s', () => {
    expect(configDir({ SWITCHBOARD_CONFIG_DIR: '/tmp/sb' }, 'linux', '/home/u')).toBe('/tmp/sb')
    expect(configDir({}, 'linux', '/home/u')).toBe('/home/u/.config/switchboard')
    expect(configDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/switchboard')
    expect(configDir({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/u')).toBe('/home/u/.config/switchboard')
    expect(configDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/Switchboard')
    expect(configDir({ APPDATA: 'C:\\AppData' }, 'win32', 'C:\\Users\\u')).toMatch(/Switchboard$/)
  })
})

describe('rule override folder', () => {
  it('is created when opened; opened only where the host can open folders', async () => {
    const path = join(tempDir(), 'rules')
    expect(await openFolder(path)).toEqual({ path, opened: false })
    expect(existsSync(path)).toBe(true)
    const opened: string[] = []
    setFolderOpener(async (p) => (opened.push(p), true))
    expect(await openFolder(path)).toEqual({ path, opened: true })
    expect(opened).toEqual([path])
  })
})
