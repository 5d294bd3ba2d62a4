import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import DatabaseConstructor from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate, SCHEMA_VERSION } from './migrations'
import { persistableEnv, unsavedEnvNames } from './persistEnv'
import { WORKSPACE_FILE, WorkspaceDb, WorkspaceUnavailable } from './workspaceDb'
import { bindReadOnly, canMount } from '../test/mounts'
import { dataDir } from './dataDir'
import { savedPane } from '../test/support'

const dirs: string[] = []
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-workspace-'))
  dirs.push(d)
  return d
}
const unmounts: (() => void)[] = []
afterEach(() => {
  for (const u of unmounts.splice(0).reverse()) u()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function thrown(f: () => unknown): unknown {
  try {
    f()
  } catch (err) {
    return err
  }
  throw new Error('it did not throw')
}

describe('the workspace database', () => {
  it('is SQLite in WAL mode at the latest schema version', () => {
    const dir = tempDir()
    const { db, problem } = WorkspaceDb.open(dir)
    expect(problem).toBeNull()
    expect(db.schemaVersion).toBe(SCHEMA_VERSION)
    db.close()
    const raw = new DatabaseConstructor(join(dir, WORKSPACE_FILE))
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal')
    raw.close()
  })

  it('migrates a database of the previous schema version and keeps its panes and history', () => {
    const dir = tempDir()
    // A workspace as the previous version (schema 1: no screens table) left it.
    const old = new DatabaseConstructor(join(dir, WORKSPACE_FILE))
    migrate(old, SCHEMA_VERSION - 1)
    expect(old.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION - 1)
    old
      .prepare(
        `INSERT INTO panes (id, command, cwd, title, env, cols, rows, created_at, agent, agent_version, session_id, exit_code, exit_signal)
                VALUES ('4', '["claude"]', '/w', NULL, '{"FOO":"1"}', 100, 30, 1000, 'claude', '2.1.197', 'abc-123', NULL, NULL)`,
      )
      .run()
    old
      .prepare(
        `INSERT INTO pane_states (pane_id, state, previous, since, evidence) VALUES ('4', 'working', 'starting', 2000, '[{"source":"hook","at":2000,"detail":"UserPromptSubmit"}]')`,
      )
      .run()
    old.close()

    const { db, problem } = WorkspaceDb.open(dir)
    expect(problem).toBeNull()
    expect(db.schemaVersion).toBe(SCHEMA_VERSION)
    expect(db.panes()).toEqual([
      expect.objectContaining({ id: '4', command: ['claude'], env: { FOO: '1' }, agent: 'claude', sessionId: 'abc-123', exit: null }),
    ])
    expect(db.history('4')).toEqual([
      { paneId: '4', state: 'working', previous: 'starting', since: 2000, evidence: [{ source: 'hook', at: 2000, detail: 'UserPromptSubmit' }] },
    ])
    // The new table works on the migrated file.
    db.saveScreens([{ paneId: '4', serialized: 'hello', cols: 100, rows: 30, savedAt: 3000, offset: 2 ** 40 + 7, ptyKey: 'host-1' }])
    expect(db.screen('4')).toEqual({ serialized: 'hello', cols: 100, rows: 30, savedAt: 3000, offset: 2 ** 40 + 7, ptyKey: 'host-1' })
    db.close()
  })

  it('sets a corrupt file aside with a timestamp, says so, and starts a fresh workspace', () => {
    const dir = tempDir()
    const garbage = 'this is not a database, just bytes where one should be\n'.repeat(200)
    writeFileSync(join(dir, WORKSPACE_FILE), garbage)
    const { db, problem } = WorkspaceDb.open(dir, () => Date.UTC(2026, 11, 1, 9, 30))
    expect(problem).toMatch(/could not be used \(file is not a database\).*kept as .*workspace\.db\.broken-2026-12-01T09-30-00-000Z.*fresh workspace/)
    const aside = readdirSync(dir).filter((f) => f.includes('.broken-'))
    expect(aside).toEqual(['workspace.db.broken-2026-12-01T09-30-00-000Z'])
    // Kept byte for byte, never dropped.
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(garbage)
    expect(db.panes()).toEqual([])
    expect(db.schemaVersion).toBe(SCHEMA_VERSION)
    db.close()
  })

  it('sets aside a database written by a newer version instead of migrating it down', () => {
    const dir = tempDir()
    const newer = new DatabaseConstructor(join(dir, WORKSPACE_FILE))
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    newer.close()
    const { db, problem } = WorkspaceDb.open(dir)
    expect(problem).toMatch(new RegExp(`schema version ${SCHEMA_VERSION + 1}, written by a newer Switchboard`))
    expect(readdirSync(dir).some((f) => f.startsWith('workspace.db.broken-'))).toBe(true)
    db.close()
  })

  it('is held by one board at a time: a second one on the same data dir is told, and nothing of the first is touched (issue 24.11)', () => {
    const dir = tempDir()
    const first = WorkspaceDb.open(dir).db
    first.savePane(savedPane('1'))
    first.savePane(savedPane('2'))
    first.savePane(savedPane('3'))
    const err = thrown(() => WorkspaceDb.open(dir))
    expect(err).toBeInstanceOf(WorkspaceUnavailable)
    expect(err).toMatchObject({
      why: 'in-use',
      message: `the saved workspace ${join(dir, WORKSPACE_FILE)} is in use by another board (one board per data dir: end the other one, or give this one its own SWITCHBOARD_DATA_DIR)`,
    })
    expect(readdirSync(dir).filter((f) => f.includes('.broken-'))).toEqual([])
    first.savePane(savedPane('4'))
    expect(first.panes().map((p) => p.id)).toEqual(['1', '2', '3', '4'])
    first.close()
    const second = WorkspaceDb.open(dir)
    expect(second.problem).toBeNull()
    expect(second.db.panes().map((p) => p.id)).toEqual(['1', '2', '3', '4'])
    second.db.close()
  })

  it.runIf(canMount)('on a read-only mount is left exactly as it is, not set aside as broken (issue 24.13)', () => {
    const dir = join(tempDir(), 'data')
    mkdirSync(dir)
    const { db } = WorkspaceDb.open(dir)
    db.savePane(savedPane('1'))
    db.close()
    const before = readdirSync(dir).sort()
    const bytes = readFileSync(join(dir, WORKSPACE_FILE))
    unmounts.push(bindReadOnly(dir))
    const err = thrown(() => WorkspaceDb.open(dir))
    expect(err).toBeInstanceOf(WorkspaceUnavailable)
    expect(err).toMatchObject({ why: 'unwritable' })
    expect((err as Error).message).toMatch(
      new RegExp(
        `^the saved workspace ${join(dir, WORKSPACE_FILE)} cannot be written \\(.+\\); it was left as it is, and this board runs without saving its panes$`,
      ),
    )
    expect(readdirSync(dir).sort()).toEqual(before)
    expect(readFileSync(join(dir, WORKSPACE_FILE)).equals(bytes)).toBe(true)
    // A data dir that does not exist on a read-only mount: the same.
    expect(thrown(() => WorkspaceDb.open(join(dir, 'sub')))).toMatchObject({ why: 'unwritable' })
  })

  it('deletes a pane with its history and screen in one go', () => {
    const { db } = WorkspaceDb.open(tempDir())
    db.savePane(savedPane('1'))
    db.appendState({ paneId: '1', state: 'idle', previous: 'starting', since: 2, evidence: [] })
    db.saveScreens([{ paneId: '1', serialized: 'x', cols: 80, rows: 24, savedAt: 3, offset: null, ptyKey: null }])
    db.removePane('1')
    expect(db.panes()).toEqual([])
    expect(db.history('1')).toEqual([])
    expect(db.screen('1')).toBeNull()
    db.close()
  })
})

describe('what of the environment is saved', () => {
  it('drops anything named like a secret and the board internals', () => {
    expect(
      persistableEnv({
        FOO: 'bar',
        NODE_ENV: 'development',
        ANTHROPIC_API_KEY: 'sk-1',
        GITHUB_TOKEN: 'ghp',
        DB_PASSWORD: 'p',
        CLIENT_SECRET: 's',
        AUTH_HEADER: 'a',
        AWS_SESSION_TOKEN: 't',
        SWITCHBOARD_REPORT_TOKEN: 'r',
        SWITCHBOARD_PANE_ID: '3',
      }),
    ).toEqual({ FOO: 'bar', NODE_ENV: 'development' })
    // The names of what was left out are kept, so a resume can say what it lacks.
    expect(unsavedEnvNames({ FOO: 'bar', GITHUB_TOKEN: 'ghp', SWITCHBOARD_REPORT_TOKEN: 'r' })).toEqual(['GITHUB_TOKEN'])
  })

  it('keeps how a pane was launched, and reads a damaged launch as none', () => {
    const { db } = WorkspaceDb.open(tempDir())
    const pane = savedPane('1', { command: ['claude'], agent: 'claude' })
    db.savePane({ ...pane, launch: { agent: 'claude', preset: 'plan', missingEnv: ['ANTHROPIC_API_KEY'] } })
    expect(db.panes()[0]!.launch).toEqual({ agent: 'claude', preset: 'plan', missingEnv: ['ANTHROPIC_API_KEY'] })
    db.savePane({ ...pane, launch: null })
    expect(db.panes()[0]!.launch).toBeNull()
    db.close()
  })
})

describe('the data dir', () => {
  it('follows the platform, XDG and the override', () => {
    expect(dataDir({}, 'linux', '/home/u')).toBe('/home/u/.local/share/switchboard')
    expect(dataDir({ XDG_DATA_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/switchboard')
    expect(dataDir({ XDG_DATA_HOME: 'relative' }, 'linux', '/home/u')).toBe('/home/u/.local/share/switchboard')
    expect(dataDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/Switchboard')
    expect(dataDir({ SWITCHBOARD_DATA_DIR: '/tmp/d' }, 'linux', '/home/u')).toBe('/tmp/d')
  })
})
