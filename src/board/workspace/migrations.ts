import type { Database } from 'better-sqlite3'

/**
 * The workspace database's schema, as an ordered list of migrations: migration N takes a database
 * at version N-1 (`PRAGMA user_version`) to version N. Append, never edit one that shipped: a
 * user's database was made by the old text.
 */
export const MIGRATIONS: readonly { readonly version: number; readonly up: (db: Database) => void }[] = [
  {
    version: 1,
    up: (db) =>
      db.exec(`
        CREATE TABLE panes (
          id            TEXT PRIMARY KEY,
          command       TEXT NOT NULL,           -- JSON argv, as the user gave it (no injected flags)
          cwd           TEXT NOT NULL,
          title         TEXT,                    -- the title the user fixed, if any
          env           TEXT NOT NULL,           -- JSON overrides, secrets removed (persistEnv)
          cols          INTEGER NOT NULL,
          rows          INTEGER NOT NULL,
          created_at    INTEGER NOT NULL,
          agent         TEXT,
          agent_version TEXT,
          session_id    TEXT,
          exit_code     INTEGER,                 -- null while it runs
          exit_signal   INTEGER
        );
        CREATE TABLE pane_states (
          seq      INTEGER PRIMARY KEY AUTOINCREMENT,
          pane_id  TEXT NOT NULL REFERENCES panes(id) ON DELETE CASCADE,
          state    TEXT NOT NULL,
          previous TEXT NOT NULL,
          since    INTEGER NOT NULL,
          evidence TEXT NOT NULL                 -- JSON Evidence[]
        );
        CREATE INDEX pane_states_by_pane ON pane_states(pane_id, seq);
      `),
  },
  {
    // Screens apart from the pane rows: they are rewritten often and are large.
    version: 2,
    up: (db) =>
      db.exec(`
        CREATE TABLE pane_screens (
          pane_id    TEXT PRIMARY KEY REFERENCES panes(id) ON DELETE CASCADE,
          serialized TEXT NOT NULL,              -- the mirror serialized (screen + capped scrollback)
          cols       INTEGER NOT NULL,
          rows       INTEGER NOT NULL,
          saved_at   INTEGER NOT NULL
        );
        CREATE TABLE workspace (
          key   TEXT PRIMARY KEY,                -- e.g. 'alive_at': the board's heartbeat
          value TEXT NOT NULL
        );
      `),
  },
  {
    // A pane launched in its own worktree keeps it across a restart (close: keep or remove; changes since its base).
    version: 3,
    up: (db) => db.exec(`ALTER TABLE panes ADD COLUMN worktree TEXT; -- JSON PaneWorktree; null: none`),
  },
  {
    // Where in the pty host's log of the pane's terminal a saved screen ends: a board that takes the
    // pane over after a restart or a crash replays the host's output from there (issue 17).
    version: 4,
    up: (db) =>
      db.exec(`
        ALTER TABLE pane_screens ADD COLUMN log_offset INTEGER; -- byte offset; null: saved without a pty host
        ALTER TABLE pane_screens ADD COLUMN pty_key TEXT;       -- which terminal's log the offset counts in
      `),
  },
  {
    // How it was launched beyond its command, for a complete resume: the agent and preset whose
    // settings apply again, and the names of its own overrides that were not saved (issue 17).
    // From here `env` holds the launch's own overrides only; rows from before (launch null) hold
    // them merged with the settings'.
    version: 5,
    up: (db) => db.exec(`ALTER TABLE panes ADD COLUMN launch TEXT; -- JSON SavedLaunch {agent, preset, missingEnv}; null: saved before`),
  },
  {
    // The history says when the board stopped under a pane and when it ran again; an exited pane
    // keeps the time it exited (its "exited for" no longer starts over at every start).
    version: 6,
    up: (db) =>
      db.exec(`
        ALTER TABLE pane_states ADD COLUMN mark TEXT; -- interrupted | resumed | restarted; null: a verdict
        ALTER TABLE panes ADD COLUMN exited_at INTEGER; -- when it exited (ms); null while it runs, or saved before
      `),
  },
]

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version

/** Brings `db` from its version up to `target`, each step in its own transaction. */
export function migrate(db: Database, target: number = SCHEMA_VERSION): void {
  const current = db.pragma('user_version', { simple: true }) as number
  for (const m of MIGRATIONS) {
    if (m.version <= current || m.version > target) continue
    db.transaction(() => {
      m.up(db)
      db.pragma(`user_version = ${m.version}`)
    })()
  }
}
