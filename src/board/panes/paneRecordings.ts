import { isAbsolute } from 'node:path'
import type { Clock } from '../../core/lifecycle/clock'
import { DisposableStore, type IDisposable } from '../../core/lifecycle/disposable'
import type { PaneId } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import { PaneRecorder, type RecordingSummary } from '../record/paneRecorder'
import { recordingFiles } from '../record/recordingFiles'
import type { Pane } from './pane'

/** A marker label: a state name or a fixture label such as `reply-question`. */
export const MARK_LABEL = /^[a-z][a-z0-9-]{0,31}$/

interface Active {
  readonly recorder: PaneRecorder
  readonly store: DisposableStore
  /** The client that asked for it: the recording ends when that client goes away. */
  readonly owner: string | null
}

/**
 * The board's recordings, at most one per pane. A recording ends when it is stopped, when the
 * pane exits (after its exit is written), when the client that started it disconnects, or when
 * the board shuts down; the summary of a finished one is kept for a late `stop`.
 */
export class PaneRecordings implements IDisposable {
  private readonly active = new Map<PaneId, Active>()
  private readonly finished = new Map<PaneId, RecordingSummary>()
  /** Per pane: what its recordings must scrub (its report token). */
  private readonly secrets = new Map<PaneId, readonly string[]>()
  private nextClient = 0

  constructor(private readonly clock: Clock) {}

  /** The pane was launched (or launched again) with these secrets in its environment: its recordings scrub them. */
  launched(paneId: PaneId, secrets: readonly string[]): void {
    this.secrets.set(paneId, secrets)
  }

  async start(pane: Pane, file: string, owner: string | null): Promise<RecordingSummary> {
    if (!isAbsolute(file) || !file.endsWith('.cast'))
      throw new BoardError('invalid', `record: give an absolute path ending in .cast (got ${JSON.stringify(file)})`)
    if (this.active.has(pane.id))
      throw new BoardError('invalid', `pane ${pane.id} is already being recorded to ${this.active.get(pane.id)!.recorder.files.cast}`)
    if (pane.exit) throw new BoardError('exited', `pane ${pane.id} has exited; there is nothing left to record`)
    const info = pane.info()
    let recorder: PaneRecorder
    try {
      recorder = new PaneRecorder({
        file,
        cols: info.cols,
        rows: info.rows,
        argv: info.command,
        title: info.title,
        clock: this.clock,
        secrets: this.secrets.get(pane.id) ?? [],
      })
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      const files = Object.values(recordingFiles(file)).join(', ')
      throw new BoardError(
        'invalid',
        code === 'EEXIST' ? `record: will not overwrite an existing recording (${files})` : `record: cannot create ${files}: ${String((err as Error).message)}`,
      )
    }
    const store = new DisposableStore()
    this.active.set(pane.id, { recorder, store, owner })
    // The recording starts with the screen as it is: attached like a client, it gets the mirror
    // serialized and then exactly the output that follows it (acknowledged at once: a recorder
    // never holds the pane back). Output that arrives before the snapshot is written waits.
    const clientId = `\0recorder-${++this.nextClient}`
    let pending: string[] | null = []
    // Output as the mirror parsed it, in order with the reports the status saw meanwhile: the
    // recording replays to the verdicts the pane showed.
    const snapshot = await pane.attach(
      clientId,
      (data) => {
        pane.ack(clientId, data.length)
        if (pending) pending.push(data)
        else recorder.output(data)
      },
      'parsed',
    )
    store.add({ dispose: () => pane.detach(clientId) })
    // A title cannot hold control characters (they would end the OSC early).
    // eslint-disable-next-line no-control-regex
    const title = pane.info().title.replace(/[\x00-\x1f\x7f]/g, '')
    recorder.output(`\x1b]0;${title}\x07${snapshot.serialized}`)
    for (const data of pending) recorder.output(data)
    pending = null
    store.add(
      pane.onDidTap((tap) => {
        if (tap.kind === 'input') recorder.input(tap.data)
        else if (tap.kind === 'resize') recorder.resize(tap.cols, tap.rows)
        else if (tap.kind === 'report') recorder.report(tap.event, tap.payload)
        else recorder.processSignal(tap.signal)
      }),
    )
    // The foreground as it is now: the replay starts from the same process facts.
    if (info.foreground) recorder.processSignal({ kind: 'foreground', at: this.clock.now(), program: info.foreground, reader: pane.reader })
    store.add(pane.onDidExit(() => this.stop(pane.id)))
    this.finished.delete(pane.id)
    return { files: recorder.files, seconds: 0, events: 0, reports: 0 }
  }

  stop(paneId: PaneId): RecordingSummary {
    const active = this.active.get(paneId)
    if (!active) {
      const done = this.finished.get(paneId)
      if (done) return done
      throw new BoardError('not-found', `pane ${paneId} is not being recorded`)
    }
    this.active.delete(paneId)
    active.store.dispose()
    const summary = active.recorder.stop()
    this.finished.set(paneId, summary)
    return summary
  }

  mark(paneId: PaneId, label: string): void {
    if (!MARK_LABEL.test(label))
      throw new BoardError('invalid', `mark: a label is a lowercase word such as blocked, idle or reply-question (got ${JSON.stringify(label)})`)
    const active = this.active.get(paneId)
    if (!active) throw new BoardError('not-found', `pane ${paneId} is not being recorded; start with \`switchboard record ${paneId} FILE.cast\``)
    active.recorder.mark(label)
  }

  isRecording(paneId: PaneId): boolean {
    return this.active.has(paneId)
  }

  /** The client that started these recordings is gone: nobody will stop them otherwise. */
  stopOwnedBy(owner: string): void {
    for (const [id, a] of this.active) if (a.owner === owner) this.stop(id)
  }

  forget(paneId: PaneId): void {
    if (this.active.has(paneId)) this.stop(paneId)
    this.finished.delete(paneId)
    this.secrets.delete(paneId)
  }

  dispose(): void {
    for (const id of [...this.active.keys()]) this.stop(id)
  }
}
