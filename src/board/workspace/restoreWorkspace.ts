import { startInTurn } from '../../core/lifecycle/inTurn'
import type { PaneId } from '../../shared/domain/pane'
import type { Board } from '../panes/board'
import { sharedSettingsStore } from '../settings/settingsStore'
import { isInteractiveShell } from '../../core/process/shells'
import type { Logger } from '../util/log'
import { heldPanes, takeOverPane, type HeldPanes } from './takeOverPanes'
import type { ResumeLookup } from '../agents/resume'
import type { WorkspaceStore } from './workspaceStore'

export const RestoreConstants = {
  /** Interrupted panes resumed at once by `resumeOnStart`; the next starts when one has settled. */
  ResumeAtOnce: 2,
  /** A resumed pane has settled once it is not working any more (its agent is up), or after this. */
  ResumeSettleMs: 5_000,
} as const

/**
 * Puts the saved panes back on a fresh board and starts saving. Panes whose programs the pty host
 * still runs (the board process restarted, or crashed) are taken over, running, in their places;
 * the rest come back with nothing running, interrupted or exited. With the `resumeOnStart`
 * setting the interrupted agents (in their sessions) and shells are resumed, a few at a time.
 * Other commands wait for the user: running an arbitrary program again unasked could repeat what it did —
 * and a script run by a shell (`bash -c '…'`, `bash build.sh`) is such a program, not a shell at its prompt.
 * Resolves once every pane taken over shows its screen as it is (its replay parsed, its badge read):
 * the board answers its clients only then.
 */
export function restoreWorkspace(
  board: Board,
  workspace: WorkspaceStore,
  log: Logger,
  resumeOnStart = sharedSettingsStore().get().settings.sessions.resumeOnStart,
  host: HeldPanes | null = null,
): Promise<void> {
  const resumeOf: ResumeLookup = (agent) => board.agents.get(agent)?.manifest.resume ?? null
  const held = host ? heldPanes(host, log) : new Map()
  // A pane the pty host still runs was not interrupted: its history gets no such mark.
  const panes = workspace.restorable(resumeOf, new Set(held.keys()))
  const layout = workspace.layout()
  if (layout) board.setLayout(layout, false)
  // In id order, as the board lists them.
  const ids = [...new Set<PaneId>([...panes.map((p) => p.id), ...held.keys()])].sort((a, b) => Number(a) - Number(b))
  // Before the store listens: the policy's first snapshot, without them, must not be saved over them.
  // Remote panes too: the host reattaches them after this (their own host decides whether they are still there).
  const known = new Set([...ids, ...workspace.remotePaneIds()])
  for (const [id, mode] of Object.entries(workspace.notifyModes())) if (known.has(id)) board.attention.setMode(id, mode)
  workspace.attach(board)
  const caughtUp: Promise<void>[] = []
  for (const id of ids) {
    const entry = held.get(id)
    if (entry && host) {
      try {
        caughtUp.push(takeOverPane(board, workspace, host, entry, log))
        continue
      } catch (err) {
        log.error('could not take a pane over; it comes back interrupted', { pane: id, err: String(err) })
      }
    }
    const saved = panes.find((p) => p.id === id)
    if (saved && entry) workspace.markInterrupted(saved, resumeOf)
    if (saved) board.restore([saved])
  }
  const interrupted = panes.filter((p) => p.interruption && board.restoredPane(p.id))
  if (panes.length || held.size) log.info('workspace restored', { panes: ids.length, takenOver: held.size, interrupted: interrupted.length, resumeOnStart })
  const ready = Promise.all(caughtUp).then(() => undefined)
  if (!resumeOnStart) return ready
  const resumable = interrupted.filter((p) => p.interruption?.resume.kind === 'session' || isInteractiveShell(p.command))
  void startInTurn(resumable, RestoreConstants.ResumeAtOnce, async (p) => {
    try {
      await board.resume(p.id)
    } catch (err) {
      log.error('could not resume a pane at start; it waits for a Resume', { pane: p.id, err: String(err) })
      return
    }
    await settled(board, p.id)
  })
  return ready
}

/** Resolves once the resumed pane is no longer working (its agent is up), is gone, or after ResumeSettleMs. */
function settled(board: Board, id: PaneId): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      sub.dispose()
      resolve()
    }
    const sub = board.onEvent((e) => {
      if (e.channel === 'pane:state' && e.payload.paneId === id && e.payload.info.verdict.state !== 'working') done()
      if (e.channel === 'pane:removed' && e.payload.paneId === id) done()
    })
    const timer = setTimeout(done, RestoreConstants.ResumeSettleMs)
  })
}
