import type { PaneExit, PaneId, PaneInterruption, PaneWorktree } from '../../shared/domain/pane'

/**
 * The saved pane, in one place (issue 21: it had three shapes that each listed the fields). The
 * workspace writes and reads `SavedPane` (a row of its database); `RestorablePane` is a row with its
 * last screen and interruption, what the board restores; `RestoredPaneOptions` is what a restored
 * pane shows, the restorable pane without what only a relaunch needs. Add a field here once.
 */

/** How a pane was launched beyond its command, as saved: what a resume applies again, and what it will lack. */
export interface SavedLaunch {
  readonly agent?: string
  readonly preset?: string
  /** Its own overrides that were not saved (secret by name). */
  readonly missingEnv: readonly string[]
}

/** A pane as saved: enough to put it back in its place and run it again. */
export interface SavedPane {
  readonly id: PaneId
  readonly command: readonly string[]
  readonly cwd: string
  readonly title: string | null
  /** Its own environment overrides (those secret by name are not saved: `launch.missingEnv`). */
  readonly env: Readonly<Record<string, string>>
  readonly cols: number
  readonly rows: number
  readonly createdAt: number
  readonly agent: string | null
  readonly agentVersion: string | null
  readonly sessionId: string | null
  /** How it ended before the board stopped; null when it still ran when the board last wrote. */
  readonly exit: PaneExit | null
  /** When it exited (ms): its "exited for" counts from then. Null while it runs (and in rows saved before this was kept). */
  readonly exitedAt: number | null
  /** The git worktree made for it, if any. */
  readonly worktree: PaneWorktree | null
  /** How it was launched beyond its command; null in rows saved before it was kept. */
  readonly launch: SavedLaunch | null
}

/** A saved pane ready to be put back on the board. */
export interface RestorablePane extends SavedPane {
  /** Set when it still ran when the board stopped (it was interrupted); null when it had exited. */
  readonly interruption: PaneInterruption | null
  /** The last screen saved, serialized; '' when none was saved. */
  readonly serialized: string
}

/** What a restored pane (nothing running in it) shows: the restorable pane, less what only a relaunch reads. */
export type RestoredPaneOptions = Omit<RestorablePane, 'env' | 'launch'>
