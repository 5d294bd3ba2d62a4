import { closeSync, openSync, readFileSync, rmSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import type { PaneId } from '../../shared/domain/pane'
import type { RecordingInfo } from '../../shared/ipc/contract'
import type { RpcClient } from '../../shared/ipc/rpcClient'
import { BoardError } from '../../shared/ipc/errors'
import type { Logger } from '../util/log'
import { recordingFiles, type RecordingFiles } from '../record/recordingFiles'
import type { RemoteLink } from './remoteLink'
import { catCommand, countRecording, remoteRecordingFiles, removeCommand } from './remoteRecording'

/** What a recording needs of its pane: the host it runs on, and its id there. */
export interface RecordedPane {
  readonly host: string
  readonly remoteId: PaneId
}

/** What a recording needs of its host's link: a client to stop it with, a shell to fetch its files through. */
export type RecordingLink = Pick<RemoteLink, 'state' | 'client' | 'ensure' | 'run'>

/** A recording of a remote pane: made there, brought here when it stops. */
interface RemoteRecording {
  readonly pane: RecordedPane
  /** The client here that started it: it ends when that client goes away, as a local one does. */
  readonly owner: string
  readonly remote: RecordingFiles
  readonly local: RecordingFiles
  /** Once stopping: the summary with the files here (or where they are left there, and why). */
  stopping: Promise<RecordingInfo> | null
}

/**
 * The recordings of this board's remote panes: each made by the board there (its reports and
 * process signals are there), brought here over ssh when it stops (remoteRecording.ts holds the
 * pure part: where the board there writes, the commands that fetch and remove). Apart from
 * RemotePanes because a recording outlives its pane: closed there while recorded, it is still
 * brought here and stopped from here.
 */
export class RemoteRecorder {
  /** By local pane id: the recording running or stopping, then its summary for a late stop. */
  private readonly recordings = new Map<PaneId, RemoteRecording>()
  private readonly recorded = new Map<PaneId, RecordingInfo>()

  /** `linkOf` gives the link to a host a recorded pane ran on (it may be gone from the board by the stop). */
  constructor(
    private readonly linkOf: (host: string) => RecordingLink,
    private readonly log: Logger,
  ) {}

  /** Running or stopping: its pane is still this board's to answer for, even closed there. */
  has(id: PaneId): boolean {
    return this.recordings.has(id)
  }

  /** Running and not stopping: what may still take a mark. */
  running(id: PaneId): boolean {
    const recording = this.recordings.get(id)
    return recording !== undefined && !recording.stopping
  }

  /**
   * Records a remote pane: the board there records it (its reports and process signals are there)
   * into its data folder; `file` here is reserved now (never overwritten, as a local recording) and
   * filled when the recording stops. It ends as a local one does: stopped, the pane's exit, or the
   * client that started it going away. `connected` is asked only once the request is valid: a bad
   * path is said before a cut connection.
   */
  async start(owner: string, id: PaneId, pane: RecordedPane, file: string, connected: () => RpcClient): Promise<RecordingInfo> {
    if (!isAbsolute(file) || !file.endsWith('.cast'))
      throw new BoardError('invalid', `record: give an absolute path ending in .cast (got ${JSON.stringify(file)})`)
    const running = this.recordings.get(id)
    if (running) throw new BoardError('invalid', `pane ${id} is already being recorded to ${running.local.cast}`)
    const client = connected()
    const local = reserveFiles(file)
    try {
      const there = (await client.invoke('board:info')).workspace?.path
      if (!there) throw new BoardError('invalid', `the board on ${pane.host} keeps no data folder to record in; see its log (\`switchboard doctor\` there)`)
      const remote = remoteRecordingFiles(there, pane.remoteId, new Date().toISOString())
      const started = await client.invoke('pane:record', pane.remoteId, remote.cast)
      this.recordings.set(id, { pane, owner, remote: started.files, local, stopping: null })
      this.recorded.delete(id)
      return { ...started, files: local }
    } catch (err) {
      for (const f of Object.values(local)) rmSync(f, { force: true })
      throw err
    }
  }

  /** Stops the pane's recording (once, however often asked), or gives the summary of the one it had; undefined when it had none. */
  stop(id: PaneId): Promise<RecordingInfo> | undefined {
    const recording = this.recordings.get(id)
    if (recording) return (recording.stopping ??= this.bringHome(id, recording))
    const done = this.recorded.get(id)
    return done ? Promise.resolve(done) : undefined
  }

  /** The client that started these went away. */
  stopOwnedBy(owner: string): void {
    // Nobody will stop these otherwise (as the board's own recordings).
    for (const [id, r] of this.recordings)
      if (r.owner === owner) void this.stop(id)!.then((done) => done.error && this.log.warn(`recording of pane ${id}: ${done.error}`))
  }

  /** The pane was closed there. */
  paneGone(id: PaneId): void {
    this.recorded.delete(id)
    // Closed there while recorded: what it recorded is brought here (a late stop gets the summary).
    if (this.recordings.has(id)) void this.stop(id)
  }

  dispose(): void {
    // The recordings there end with the connections (their client went); their files stay there.
    this.recordings.clear()
  }

  /** Stops the recording there and copies its three files here over ssh, then removes them there. */
  private async bringHome(id: PaneId, r: RemoteRecording): Promise<RecordingInfo> {
    const { host } = r.pane
    const link = this.linkOf(host)
    let summary: RecordingInfo | null = null
    let why = ''
    try {
      const client = link.state === 'up' && link.client ? link.client : await link.ensure()
      summary = await client.invoke('pane:record-stop', r.pane.remoteId)
    } catch (err) {
      // It ended there anyway (with the pane, or with the connection that started it): its files are there.
      why = err instanceof Error ? err.message : String(err)
      this.log.warn(`could not stop the recording of pane ${id} on ${host}; fetching what it wrote`, { err: why })
    }
    const from = summary?.files ?? r.remote
    let done: RecordingInfo
    try {
      for (const key of ['cast', 'hooks', 'process'] as const) await link.run(catCommand(from[key]), r.local[key])
      await link
        .run(removeCommand(from))
        .catch((err: unknown) => this.log.warn(`could not remove a fetched recording on ${host}`, { file: from.cast, err: String(err) }))
      done = summary
        ? { ...summary, files: r.local }
        : { ...countRecording(readFileSync(r.local.cast, 'utf8'), readFileSync(r.local.hooks, 'utf8')), files: r.local }
    } catch (err) {
      const said = err instanceof Error ? err.message : String(err)
      done = {
        files: r.local,
        seconds: summary?.seconds ?? 0,
        events: summary?.events ?? 0,
        reports: summary?.reports ?? 0,
        error: `${summary?.error ? `${summary.error}; ` : ''}${why ? `${why}; ` : ''}it could not be brought here (${said}): it is on ${host} at ${from.cast} (its reports and process signals beside it)`,
      }
    }
    this.recordings.delete(id)
    this.recorded.set(id, done)
    return done
  }
}

/** The three files here, made empty now (never over an existing one), to be filled when the recording stops. */
function reserveFiles(cast: string): RecordingFiles {
  const files = recordingFiles(cast)
  const made: string[] = []
  try {
    for (const f of Object.values(files)) {
      closeSync(openSync(f, 'wx', 0o600))
      made.push(f)
    }
  } catch (err) {
    for (const f of made) rmSync(f, { force: true })
    const code = (err as NodeJS.ErrnoException).code
    const all = Object.values(files).join(', ')
    throw new BoardError(
      'invalid',
      code === 'EEXIST' ? `record: will not overwrite an existing recording (${all})` : `record: cannot create ${all}: ${String((err as Error).message)}`,
    )
  }
  return files
}
