import { readlinkSync } from 'node:fs'
import { Disposable, type IDisposable } from '../../core/lifecycle/disposable'
import { isShell } from '../../core/process/shells'
import type { Clock } from '../../core/lifecycle/clock'
import type { PaneId, PaneInfo, PaneInterruption, StateHistoryEntry } from '../../shared/domain/pane'
import { resumeCommand, type ResumeLookup } from '../agents/resume'
import type { Board } from '../panes/board'
import type { Pane } from '../panes/pane'
import type { PaneLaunched, PaneLaunchSpec } from '../panes/relaunch'
import type { RestorablePane, SavedPane } from '../panes/savedPane'
import { savedLayoutSchema, type SavedLayout } from '../../shared/ipc/contract'
import { NOTIFY_MODES, type NotifyMode } from '../../shared/domain/attention'
import { z } from 'zod'
import type { Logger } from '../util/log'
import { persistableEnv, unsavedEnvNames } from './persistEnv'
import { WorkspaceDb, type SavedScreen } from './workspaceDb'
import { WriteQueue } from './writeQueue'
import { parseSavedRemotePanes, serializeRemotePanes, type SavedRemotePane } from './savedRemotePanes'
import { ScreenSaveConstants, ScreenSaves } from './screenSaves'

export const WorkspaceConstants = {
  ...ScreenSaveConstants,
  /** How often the board writes that it is alive: an interrupted pane's time is the last one. */
  HeartbeatMs: 10_000,
} as const

/** What an interruption is made of: which pane, and how its agent resumes it. */
type InterruptedPane = Pick<SavedPane, 'id' | 'agent' | 'command' | 'sessionId'>

const ALIVE_AT = 'alive_at'
const LAYOUT = 'layout'
/** Each pane's own notification mode (JSON {paneId: mode}): a pane muted stays muted across restarts. */
export const NOTIFY_MODES_KEY = 'notify_modes'
const notifyModesSchema = z.record(z.string(), z.enum(NOTIFY_MODES))
const REMOTE_PANES = 'remote_panes'

/**
 * The saved workspace's one owner: it listens to the board's events and writes what changed
 * (panes as launched, their agent and session, their exit, their state history, and debounced
 * screens) to the workspace database; on start it says what to restore. Nothing else writes to
 * the database, so a later daemon process can own this class as it is.
 */
export class WorkspaceStore extends Disposable {
  private readonly specs = new Map<PaneId, PaneLaunchSpec>()
  private readonly saved = new Map<PaneId, string>()
  /** A shell's working directory as last seen (it cd'd since launch): where a restored shell starts. */
  private readonly cwdNow = new Map<PaneId, string>()
  private listeners: IDisposable[] = []
  private heartbeat: IDisposable | null = null
  private closed = false
  /** Every write goes through it: what a full disk refused is written again once it takes writes. */
  private readonly writes: WriteQueue
  /** The notification modes as last saved (JSON), so an unchanged snapshot writes nothing. */
  private savedModes: string | null = null
  private readonly screens: ScreenSaves

  private constructor(
    private readonly db: WorkspaceDb,
    /** Set when the database found could not be used (it was set aside, see WorkspaceDb.open). */
    readonly problem: string | null,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    super()
    this.writes = new WriteQueue(log, db.path)
    this.screens = new ScreenSaves(db, this.writes, clock, log, (id, pane) => this.noteShellCwd(id, pane))
  }

  static open(options: { readonly dir: string; readonly clock: Clock; readonly log: Logger }): WorkspaceStore {
    const { db, problem } = WorkspaceDb.open(options.dir, () => options.clock.now())
    if (problem) options.log.error(problem)
    return new WorkspaceStore(db, problem, options.clock, options.log)
  }

  get path(): string {
    return this.db.path
  }

  /**
   * The saved panes, each with its last screen; those that still ran when the board stopped are
   * interrupted, to be resumed the way their agent's manifest says (`resumeOf`). Each interruption
   * goes into the pane's history once, at the board's last sign of life: a board started again
   * before the pane was resumed finds it there and keeps its time. Panes in `running` (the pty host
   * still runs them: they are taken over) get no mark; `markInterrupted` adds it if one falls back.
   */
  restorable(resumeOf: ResumeLookup, running: ReadonlySet<PaneId> = new Set()): RestorablePane[] {
    const aliveAt = Number(this.db.getValue(ALIVE_AT) ?? 0)
    return this.db.panes().map((p) => {
      const screen = this.db.screen(p.id)
      return {
        ...p,
        serialized: screen?.serialized ?? '',
        interruption: p.exit ? null : this.interruption(p, Math.max(aliveAt, screen?.savedAt ?? 0) || this.clock.now(), resumeOf, !running.has(p.id)),
      }
    })
  }

  /** Writes the interruption of a pane `restorable` left unmarked (one the pty host ran that could not be taken over). */
  markInterrupted(p: RestorablePane, resumeOf: ResumeLookup): void {
    if (p.interruption) this.interruption(p, p.interruption.at, resumeOf, true)
  }

  private interruption(p: InterruptedPane, lastAlive: number, resumeOf: ResumeLookup, mark: boolean): PaneInterruption {
    const last = this.guard('read the state history', () => this.db.lastState(p.id)) ?? null
    if (last?.mark === 'interrupted') return interruptionOf(p, last.since, resumeOf)
    if (!mark) return interruptionOf(p, lastAlive, resumeOf)
    const evidence = [{ source: 'exit' as const, at: lastAlive, detail: 'interrupted: the board stopped while it ran (a crash, a reboot or a quit)' }]
    this.writes.run(
      'save an interruption',
      () => this.db.appendState({ paneId: p.id, state: 'exited', previous: last?.state ?? 'starting', since: lastAlive, evidence, mark: 'interrupted' }),
      { pane: p.id },
    )
    return interruptionOf(p, lastAlive, resumeOf)
  }

  /** A pane as saved (what the board last knew of it), or null. */
  savedPane(id: PaneId): SavedPane | null {
    return this.guard('read a pane', () => this.db.panes().find((p) => p.id === id)) ?? null
  }

  /** A pane's last saved screen, with the pty host's log offset it covers. */
  savedScreen(id: PaneId): SavedScreen | null {
    return this.guard('read a screen', () => this.db.screen(id)) ?? null
  }

  /** The panes of other machines this board showed when it stopped (src/board/remote): to reattach. */
  remotePanes(): SavedRemotePane[] {
    const { panes, skipped } = parseSavedRemotePanes(this.guard('read the remote panes', () => this.db.getValue(REMOTE_PANES)) ?? null)
    for (const why of skipped) this.log.error(`a saved remote pane is left out: ${why}`)
    return panes
  }

  /** The ids of the remote panes saved (remotePanes says what is wrong with those left out). */
  remotePaneIds(): PaneId[] {
    return parseSavedRemotePanes(this.guard('read the remote panes', () => this.db.getValue(REMOTE_PANES)) ?? null).panes.map((p) => p.id)
  }

  /** The board's remote panes now (all of them: the list is small and changes when one comes or goes). */
  saveRemotePanes(panes: readonly SavedRemotePane[]): void {
    if (this.closed) return
    const value = serializeRemotePanes(panes)
    this.writes.run('save the remote panes', () => this.db.setValue(REMOTE_PANES, value), { key: REMOTE_PANES })
  }

  /** The saved window layout; null when none was saved or it no longer parses. */
  layout(): SavedLayout | null {
    const raw = this.guard('read the layout', () => this.db.getValue(LAYOUT))
    if (!raw) return null
    try {
      const parsed = savedLayoutSchema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  /** Each pane's own notification mode as saved; none when nothing was saved or it no longer parses (the panes are not lost with it). */
  notifyModes(): Readonly<Record<PaneId, NotifyMode>> {
    const raw = this.guard('read the notification modes', () => this.db.getValue(NOTIFY_MODES_KEY))
    if (!raw) return {}
    try {
      const parsed = notifyModesSchema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : {}
    } catch {
      return {}
    }
  }

  history(id: PaneId): StateHistoryEntry[] {
    return this.guard('read the state history', () => this.db.history(id)) ?? []
  }

  /** Starts saving what happens on `board`. */
  attach(board: Board): void {
    this.listeners.push(
      board.onDidChangeLayout((layout) => this.writes.run('save the layout', () => this.db.setValue(LAYOUT, JSON.stringify(layout)), { key: LAYOUT })),
    )
    this.listeners.push(board.onDidLaunch((launch) => this.launched(launch)))
    this.listeners.push(
      board.onEvent((e) => {
        if (e.channel === 'pane:changed') this.changed(e.payload)
        else if (e.channel === 'pane:state') {
          const { paneId, previous, info } = e.payload
          const { verdict } = info
          this.changed(info)
          const entry = { paneId, previous, state: verdict.state, since: verdict.since, evidence: verdict.evidence }
          if (this.specs.has(paneId)) this.writes.run('save a state change', () => this.db.appendState(entry), { pane: paneId })
        } else if (e.channel === 'pane:removed') this.removed(e.payload.paneId)
        else if (e.channel === 'attention:changed') this.modesChanged(e.payload.ownModes)
      }),
    )
    this.beat()
  }

  /** The attention policy published: its own modes are saved when they changed (a mode set, or a pane closed with one). */
  private modesChanged(modes: Readonly<Record<PaneId, NotifyMode>>): void {
    const json = JSON.stringify(modes)
    if (json === this.savedModes) return
    this.savedModes = json
    this.writes.run('save the notification modes', () => this.db.setValue(NOTIFY_MODES_KEY, json), { key: NOTIFY_MODES_KEY })
  }

  private launched({ paneId: id, spec, pane, reason, previous }: PaneLaunched): void {
    this.specs.set(id, spec)
    if (reason !== 'create') {
      // Run again in its place: the history says when (the stretch before it ends here).
      const at = pane.createdAt
      const evidence = [{ source: 'process' as const, at, detail: `${reason === 'resume' ? 'resumed' : 'restarted'}: ${pane.info().command.join(' ')}` }]
      this.writes.run(
        'save a resume',
        () =>
          this.db.appendState({
            paneId: id,
            state: 'starting',
            previous: previous ?? 'exited',
            since: at,
            evidence,
            mark: reason === 'resume' ? 'resumed' : 'restarted',
          }),
        { pane: id },
      )
    }
    this.screens.track(id, pane)
    this.changed(pane.info())
    // A screen of this terminal from the start (its seed): a board that takes it over replays from there.
    if (pane.ptyKey) this.screens.markDirty(id, pane)
  }

  private changed(info: PaneInfo): void {
    const spec = this.specs.get(info.id)
    if (!spec || info.interrupted) return
    // The launch's own overrides only: the settings' come from the settings again on resume.
    const own = spec.ownEnv ?? spec.env
    const row: SavedPane = {
      id: info.id,
      command: spec.command,
      cwd: this.cwdNow.get(info.id) ?? spec.cwd,
      title: spec.title ?? null,
      env: persistableEnv(own),
      cols: info.cols,
      rows: info.rows,
      createdAt: info.createdAt,
      agent: info.agent,
      agentVersion: info.agentVersion,
      sessionId: info.sessionId,
      exit: info.exit,
      exitedAt: info.exit && info.verdict.state === 'exited' ? info.verdict.since : null,
      worktree: info.worktree,
      launch: {
        ...(spec.agent ? { agent: spec.agent } : {}),
        ...(spec.preset !== undefined ? { preset: spec.preset } : {}),
        missingEnv: [...new Set([...unsavedEnvNames(own), ...(spec.missingEnv ?? [])])],
      },
    }
    // pane:changed fires on every title or foreground change: write only what is saved changed.
    const key = JSON.stringify(row)
    if (this.saved.get(info.id) === key) return
    // Remembered as saved once it is: a row the disk refused waits (and is retried) in the queue.
    this.writes.run(
      'save a pane',
      () => {
        this.db.savePane(row)
        this.saved.set(info.id, key)
      },
      { key: `pane:${info.id}`, pane: info.id },
    )
  }

  private removed(id: PaneId): void {
    this.specs.delete(id)
    this.saved.delete(id)
    this.cwdNow.delete(id)
    this.screens.forget(id)
    this.writes.forget(id)
    this.writes.run('forget a closed pane', () => this.db.removePane(id))
  }

  /**
   * A time up to which every screen is saved: what the panes had parsed by then survives a crash.
   * Now, when no screen waits to be saved; else when the last save that wrote them all began. A
   * screen that could not be serialized is logged and not waited for. What a crash test waits on
   * instead of a save's debounce, and what a script can ask before it stops a machine.
   */
  screensSavedThrough(): number {
    return this.screens.savedThrough()
  }

  /**
   * Saves every screen with new output now (one transaction), each with the pty host's log offset
   * it covers; once written, the host may forget the output before those offsets (a checkpoint).
   */
  saveScreens(): Promise<void> {
    return this.screens.save()
  }

  /**
   * A restart: every live pane's screen saved now, with its offset (the next board process takes
   * the panes over from these). Call once no more output arrives and every mirror has parsed what did.
   */
  checkpointAll(): Promise<void> {
    return this.screens.checkpointAll()
  }

  private noteShellCwd(id: PaneId, pane: Pane): void {
    const info = pane.info()
    if (info.exit || !isShell(info.command[0] ?? '')) return
    const cwd = processCwd(info.pid)
    if (!cwd || cwd === this.cwdNow.get(id)) return
    this.cwdNow.set(id, cwd)
    this.changed(info)
  }

  private beat(): void {
    if (this.closed) return
    // Also the retry of what a full disk refused: at most a heartbeat after space returns.
    this.writes.run('write the heartbeat', () => this.db.setValue(ALIVE_AT, String(this.clock.now())), { key: ALIVE_AT })
    this.heartbeat = this.clock.setTimeout(() => this.beat(), WorkspaceConstants.HeartbeatMs)
  }

  /**
   * Saves the last screens and stops listening, before the board ends its panes on quit: panes
   * the quit ends stay saved as running, so the next start brings them back as interrupted.
   */
  async close(): Promise<void> {
    if (this.closed) return
    this.stopListening()
    await this.saveScreens()
    this.writes.run('write the heartbeat', () => this.db.setValue(ALIVE_AT, String(this.clock.now())), { key: ALIVE_AT })
    this.dispose()
  }

  private stopListening(): void {
    for (const l of this.listeners) l.dispose()
    this.listeners = []
  }

  private guard<T>(what: string, write: () => T): T | undefined {
    try {
      return write()
    } catch (err) {
      // A full disk or a locked file must not take the board down; the panes go on unsaved.
      this.log.error(`could not ${what} in the workspace database ${this.db.path}`, { err: String(err) })
      return undefined
    }
  }

  override dispose(): void {
    this.closed = true
    this.screens.dispose()
    this.heartbeat?.dispose()
    this.stopListening()
    super.dispose()
    this.db.close()
  }
}

/** A process's working directory (Linux /proc; null elsewhere or when it is gone). */
function processCwd(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/cwd`)
  } catch {
    return null
  }
}

function interruptionOf(p: InterruptedPane, at: number, resumeOf: ResumeLookup): PaneInterruption {
  const resumed = resumeCommand(resumeOf(p.agent), p.command, p.sessionId)
  return resumed ? { at, resume: { kind: 'session', sessionId: p.sessionId! }, command: resumed } : { at, resume: { kind: 'rerun' }, command: p.command }
}
