import type { Board } from '../panes/board'
import { sharedSettingsStore } from '../settings/settingsStore'
import { isInteractiveShell } from '../../core/process/shells'
import type { Logger } from '../util/log'
import type { WorkspaceStore } from './workspaceStore'

/**
 * Puts the saved panes back on a fresh board and starts saving; with the `resumeOnStart` setting,
 * resumes the interrupted agents (in their sessions) and interactive shells. Other commands wait for
 * the user: running an arbitrary program again unasked could repeat what it did — and a script run
 * by a shell (`bash -c '…'`, `bash build.sh`) is such a program, not a shell at its prompt.
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
    if (p.interruption?.resume.kind !== 'session' && !isInteractiveShell(p.command)) continue
    board.resume(p.id).catch((err: unknown) => log.error('could not resume a pane at start; it waits for a Resume', { pane: p.id, err: String(err) }))
  }
}
