import type { Board } from '../panes/board'
import { sharedSettingsStore } from '../settings/settingsStore'
import { isShell } from '../../core/process/shells'
import type { Logger } from '../util/log'
import type { WorkspaceStore } from './workspaceStore'

/**
 * Puts the saved panes back on a fresh board and starts saving; with the `resumeOnStart` setting,
 * resumes the interrupted agents (in their sessions) and shells. Other commands wait for the user:
 * running an arbitrary program again unasked could repeat what it did.
 */
export function restoreWorkspace(board: Board, workspace: WorkspaceStore, log: Logger, resumeOnStart = sharedSettingsStore().get().settings.sessions.resumeOnStart): void {
  const panes = workspace.restorable((agent) => board.agents.get(agent)?.manifest.resume ?? null)
  board.restore(panes)
  const layout = workspace.layout()
  if (layout) board.setLayout(layout, false)
  workspace.attach(board)
  const interrupted = panes.filter((p) => p.interruption)
  if (panes.length) log.info('workspace restored', { panes: panes.length, interrupted: interrupted.length, resumeOnStart })
  if (!resumeOnStart) return
  for (const p of interrupted) {
    if (p.interruption?.resume.kind !== 'session' && !isShell(p.command[0] ?? '')) continue
    board.resume(p.id).catch((err: unknown) => log.error('could not resume a pane at start; it waits for a Resume', { pane: p.id, err: String(err) }))
  }
}
