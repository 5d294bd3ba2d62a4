import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import DatabaseConstructor, { type Database } from 'better-sqlite3'
import {
  HISTORY_MARKS,
  type Evidence,
  type HistoryMark,
  type PaneId,
  type PaneState,
  type PaneWorktree,
  type StateHistoryEntry,
} from '../../shared/domain/pane'
import { migrate, SCHEMA_VERSION } from './migrations'
import type { SavedLaunch, SavedPane } from '../panes/savedPane'
import { AGENT_ID_PATTERN } from '../../shared/domain/agents'

export const WORKSPACE_FILE = 'workspace.db'

export interface SavedScreen {
  readonly serialized: string
  readonly cols: number
  readonly rows: number
  readonly savedAt: number
  /** The pty host's log offset of the output the screen covers, and which terminal's log; null without a pty host. */
  readonly offset: number | null
  readonly ptyKey: string | null
}

/**
 * The workspace cannot be opened for a reason that is not the file's fault — the data dir is
 * read-only or not ours to write (EROFS, EACCES), another board holds it, the disk fails —
 * so the file is left exactly as it is (it may be perfectly good) and the board runs without saving.
 */
export class WorkspaceUnavailable extends Error {
  constructor(
    readonly path: string,
    readonly why: 'in-use' | 'unwritable',
    message: string,
  ) {
    super(message)
  }
}

/** SQLite's word that the file itself is damaged or no database: the only case for setting it aside. */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB'])

/** How long a start waits for another board's hold on the workspace before saying it is in use. */
const BUSY_WAIT_MS = 500

export interface OpenedWorkspace {
  readonly db: WorkspaceDb
  /** Set when the file found could not be used: what was wrong and where it was put aside. */
  readonly problem: string | null
}

interface PaneRow {
  id: string
  command: string
  cwd: string
  title: string | null
  env: string
  cols: number
  rows: number
  created_at: number
  agent: string | null
  agent_version: string | null
  session_id: string | null
  exit_code: number | null
  exit_signal: number | null
  exited_at: number | null
  worktree: string | null
  launch: string | null
}

/**
 * The workspace database (SQLite, WAL): typed reads and writes, each write one transaction, so a
 * crash mid-write leaves the previous state whole. Only the WorkspaceStore uses it.
 */
export class WorkspaceDb {
  private constructor(
    private readonly db: Database,
    readonly path: string,
  ) {}

  /**
   * Opens (or creates) the workspace in `dir`, held for this board alone. A file that is not a
   * database, is damaged, or was written by a newer Switchboard is renamed aside with a timestamp,
   * never deleted, and a fresh workspace starts; `problem` says what happened and where the old
   * file is. Throws WorkspaceUnavailable, touching nothing, when the dir cannot be written or
   * another board holds the workspace.
   */
  static open(dir: string, now: () => number = Date.now): OpenedWorkspace {
    const path = join(dir, WORKSPACE_FILE)
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
    } catch (err) {
      throw unavailable(path, err)
    }
    try {
      return { db: WorkspaceDb.openAt(path), problem: null }
    } catch (err) {
      if (!isDamage(err)) throw unavailable(path, err)
      const reason = err instanceof Error ? err.message : String(err)
      let aside: string
      try {
        aside = setAside(path, now())
      } catch (renameErr) {
        throw unavailable(path, renameErr)
      }
      try {
        return {
          db: WorkspaceDb.openAt(path),
          problem: `the saved workspace ${path} could not be used (${reason}); it was kept as ${aside} and a fresh workspace started`,
        }
      } catch (again) {
        throw unavailable(path, again)
      }
    }
  }

  private static openAt(path: string): WorkspaceDb {
    const db = new DatabaseConstructor(path, { timeout: BUSY_WAIT_MS })
    try {
      // One board per workspace, as one per runtime dir: the file stays locked for as long as this
      // board has it open (SQLite's own lock, released by the kernel however the process ends),
      // so a second board on the same data dir is told, not let to overwrite its panes. Set
      // before WAL, so the WAL index lives in this process, not in a -shm file others could map.
      db.pragma('locking_mode = EXCLUSIVE')
      db.pragma('journal_mode = WAL')
      // NORMAL in WAL mode: a power cut may lose the last transactions, never corrupt the file.
      db.pragma('synchronous = NORMAL')
      db.pragma('foreign_keys = ON')
      const version = db.pragma('user_version', { simple: true }) as number
      if (version > SCHEMA_VERSION) throw new Error(`it has schema version ${version}, written by a newer Switchboard; this one knows up to ${SCHEMA_VERSION}`)
      const check = db.pragma('quick_check', { simple: true }) as string
      if (check !== 'ok') throw new Error(`SQLite's quick_check failed: ${check}`)
      migrate(db)
      // Take the write lock now (it is then held): a second board fails here, not at its first save.
      db.exec('BEGIN EXCLUSIVE; COMMIT')
      return new WorkspaceDb(db, path)
    } catch (err) {
      db.close()
      throw err
    }
  }

  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number
  }

  panes(): SavedPane[] {
    const rows = this.db.prepare('SELECT * FROM panes ORDER BY CAST(id AS INTEGER)').all() as PaneRow[]
    return rows.map((r) => ({
      id: r.id,
      command: JSON.parse(r.command) as string[],
      cwd: r.cwd,
      title: r.title,
      env: JSON.parse(r.env) as Record<string, string>,
      cols: r.cols,
      rows: r.rows,
      createdAt: r.created_at,
      agent: r.agent,
      agentVersion: r.agent_version,
      sessionId: r.session_id,
      exit: r.exit_code === null ? null : { code: r.exit_code, signal: r.exit_signal },
      exitedAt: r.exit_code === null ? null : r.exited_at,
      worktree: parseWorktree(r.worktree),
      launch: parseLaunch(r.launch),
    }))
  }

  savePane(p: SavedPane): void {
    this.db
      .prepare(
        `INSERT INTO panes (id, command, cwd, title, env, cols, rows, created_at, agent, agent_version, session_id, exit_code, exit_signal, exited_at, worktree, launch)
         VALUES (@id, @command, @cwd, @title, @env, @cols, @rows, @created_at, @agent, @agent_version, @session_id, @exit_code, @exit_signal, @exited_at, @worktree, @launch)
         ON CONFLICT(id) DO UPDATE SET command = excluded.command, cwd = excluded.cwd, title = excluded.title, env = excluded.env,
           cols = excluded.cols, rows = excluded.rows, created_at = excluded.created_at, agent = excluded.agent,
           agent_version = excluded.agent_version, session_id = excluded.session_id, exit_code = excluded.exit_code, exit_signal = excluded.exit_signal, exited_at = excluded.exited_at,
           worktree = excluded.worktree, launch = excluded.launch`,
      )
      .run({
        id: p.id,
        command: JSON.stringify(p.command),
        cwd: p.cwd,
        title: p.title,
        env: JSON.stringify(p.env),
        cols: p.cols,
        rows: p.rows,
        created_at: p.createdAt,
        agent: p.agent,
        agent_version: p.agentVersion,
        session_id: p.sessionId,
        exit_code: p.exit?.code ?? null,
        exit_signal: p.exit?.signal ?? null,
        exited_at: p.exit ? p.exitedAt : null,
        worktree: p.worktree ? JSON.stringify(p.worktree) : null,
        launch: p.launch ? JSON.stringify(p.launch) : null,
      })
  }

  removePane(id: PaneId): void {
    this.db.prepare('DELETE FROM panes WHERE id = ?').run(id)
  }

  appendState(entry: StateHistoryEntry): void {
    this.db
      .prepare('INSERT INTO pane_states (pane_id, state, previous, since, evidence, mark) VALUES (?, ?, ?, ?, ?, ?)')
      .run(entry.paneId, entry.state, entry.previous, entry.since, JSON.stringify(entry.evidence), entry.mark ?? null)
  }

  history(id: PaneId): StateHistoryEntry[] {
    const rows = this.db.prepare('SELECT state, previous, since, evidence, mark FROM pane_states WHERE pane_id = ? ORDER BY seq').all(id) as StateRow[]
    return rows.map((r) => historyEntry(id, r))
  }

  /** The newest history entry of a pane, or null. */
  lastState(id: PaneId): StateHistoryEntry | null {
    const r = this.db.prepare('SELECT state, previous, since, evidence, mark FROM pane_states WHERE pane_id = ? ORDER BY seq DESC LIMIT 1').get(id) as
      StateRow | undefined
    return r ? historyEntry(id, r) : null
  }

  saveScreens(screens: readonly (SavedScreen & { readonly paneId: PaneId })[]): void {
    const put = this.db.prepare(
      `INSERT INTO pane_screens (pane_id, serialized, cols, rows, saved_at, log_offset, pty_key) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(pane_id) DO UPDATE SET serialized = excluded.serialized, cols = excluded.cols, rows = excluded.rows, saved_at = excluded.saved_at,
         log_offset = excluded.log_offset, pty_key = excluded.pty_key`,
    )
    this.db.transaction(() => {
      // A pane removed while its screen was being serialized has no row to hang it on.
      const exists = this.db.prepare('SELECT 1 FROM panes WHERE id = ?')
      for (const s of screens) if (exists.get(s.paneId)) put.run(s.paneId, s.serialized, s.cols, s.rows, s.savedAt, s.offset, s.ptyKey)
    })()
  }

  screen(id: PaneId): SavedScreen | null {
    const r = this.db.prepare('SELECT serialized, cols, rows, saved_at, log_offset, pty_key FROM pane_screens WHERE pane_id = ?').get(id) as
      { serialized: string; cols: number; rows: number; saved_at: number; log_offset: number | null; pty_key: string | null } | undefined
    return r ? { serialized: r.serialized, cols: r.cols, rows: r.rows, savedAt: r.saved_at, offset: r.log_offset, ptyKey: r.pty_key } : null
  }

  getValue(key: string): string | null {
    const r = this.db.prepare('SELECT value FROM workspace WHERE key = ?').get(key) as { value: string } | undefined
    return r?.value ?? null
  }

  setValue(key: string, value: string): void {
    this.db.prepare('INSERT INTO workspace (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}

interface StateRow {
  state: string
  previous: string
  since: number
  evidence: string
  mark: string | null
}

function historyEntry(paneId: PaneId, r: StateRow): StateHistoryEntry {
  const entry = { paneId, state: r.state as PaneState, previous: r.previous as PaneState, since: r.since, evidence: JSON.parse(r.evidence) as Evidence[] }
  return (HISTORY_MARKS as readonly string[]).includes(r.mark ?? '') ? { ...entry, mark: r.mark as HistoryMark } : entry
}

/** Whether opening failed because of the file itself (damaged, not a database, too new, failed its check). */
function isDamage(err: unknown): boolean {
  const code = (err as { code?: unknown }).code
  // Our own checks (newer schema, quick_check) throw plain Errors: the file's fault too.
  return typeof code === 'string' ? DAMAGED.has(code) : err instanceof Error
}

function unavailable(path: string, err: unknown): WorkspaceUnavailable {
  const code = String((err as { code?: unknown }).code ?? '')
  const reason = err instanceof Error ? err.message : String(err)
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new WorkspaceUnavailable(
      path,
      'in-use',
      `the saved workspace ${path} is in use by another board (one board per data dir: end the other one, or give this one its own SWITCHBOARD_DATA_DIR)`,
    )
  }
  return new WorkspaceUnavailable(
    path,
    'unwritable',
    `the saved workspace ${path} cannot be written (${code ? `${code}: ` : ''}${reason}); it was left as it is, and this board runs without saving its panes`,
  )
}

/** Renames the database and its WAL files aside; returns the new name of the main file. */
function setAside(path: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-')
  const aside = `${path}.broken-${stamp}`
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix)
  return aside
}

/** A saved worktree, or null when there is none or the text is not one (a damaged row loses only that). */
function parseWorktree(text: string | null): PaneWorktree | null {
  if (!text) return null
  try {
    const w = JSON.parse(text) as Partial<Record<keyof PaneWorktree, unknown>>
    const fields = [w.repo, w.path, w.branch, w.base, w.baseCommit]
    return fields.every((f) => typeof f === 'string' && f !== '') ? (w as PaneWorktree) : null
  } catch {
    return null
  }
}

/** A saved launch, or null when there is none or the text is not one (a damaged row loses only that). */
function parseLaunch(text: string | null): SavedLaunch | null {
  if (!text) return null
  try {
    const l = JSON.parse(text) as { agent?: unknown; preset?: unknown; missingEnv?: unknown }
    const agent = typeof l.agent === 'string' && AGENT_ID_PATTERN.test(l.agent) ? l.agent : undefined
    const preset = typeof l.preset === 'string' && l.preset !== '' ? l.preset : undefined
    const missingEnv = Array.isArray(l.missingEnv) ? l.missingEnv.filter((n): n is string => typeof n === 'string') : []
    return { ...(agent ? { agent } : {}), ...(preset ? { preset } : {}), missingEnv }
  } catch {
    return null
  }
}
