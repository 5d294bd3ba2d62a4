/**
 * The panes of other machines on this board: one RemoteLink per ssh destination, each remote pane
 * under an id of this board. A remote pane is a proxy: its screen, verdict, dialog and answers are
 * the remote board's (computed there, next to the program); here it is only renamed and passed
 * on. While its link is down it reads `reconnecting` (the program runs on there), and once the
 * link is back its real verdict returns.
 */
import type { AttachSnapshot, PaneId, PaneInfo, Verdict } from '../../shared/domain/pane'
import type { BoardEvent, CreatePaneRequest, EventMap, InvokeChannel, RecordingInfo } from '../../shared/ipc/contract'
import type { RpcClient } from '../../shared/ipc/rpcClient'
import { BoardError } from '../../shared/ipc/errors'
import type { RemotePaneSource } from '../panes/remotePaneSource'
import type { SavedRemotePane } from '../workspace/savedRemotePanes'
import type { Logger } from '../util/log'
import { RemoteLink, type LinkOptions } from './remoteLink'
import { RemoteRecorder } from './remoteRecorder'

interface RemotePane {
  readonly localId: PaneId
  readonly remoteId: PaneId
  readonly host: string
  /** The remote board's latest info, as it sent it (its ids). */
  info: PaneInfo
  /** Since when this link is down (board clock), null while up. */
  downSince: number | null
  /** Local clients showing its terminal. */
  readonly viewers: Map<string, (payload: EventMap['pane:data']) => void>
  /**
   * How many of its events were taken in. A call's result may be read after events that came
   * behind it (a link delivers a chunk of messages at once, the caller's continuation runs after
   * them): once an event was heard during the call, the events are the newer word, not the result.
   */
  heard: number
}

/** What RemotePanes needs of a link (a test gives its own). */
export type HostConnection = Pick<RemoteLink, 'state' | 'client' | 'problem' | 'ensure' | 'keepTrying' | 'run' | 'onUp' | 'onDown' | 'dispose'>

interface HostLink {
  readonly link: HostConnection
  /** Remote pane id → the pane. */
  readonly panes: Map<PaneId, RemotePane>
}

export interface RemotePanesOptions {
  readonly allocateId: () => PaneId
  readonly publish: (event: BoardEvent) => void
  readonly ssh: () => string[]
  readonly appRoot: string | null
  readonly env: NodeJS.ProcessEnv
  readonly log: Logger
  readonly now: () => number
  /** Called with every remote pane whenever one comes or goes: the workspace keeps them for the next start. */
  readonly save?: (panes: SavedRemotePane[]) => void
  /** A saved pane comes back under its id: the board must never give it to another pane. */
  readonly reserveId?: (id: PaneId) => void
  /** Makes the link to a host; an ssh RemoteLink unless a test gives its own. */
  readonly connect?: (options: LinkOptions) => HostConnection
}

/** Pane channels whose results carry the pane's id (translated back to this board's). */
const INFO_RESULTS = new Set<InvokeChannel>(['pane:create', 'pane:resume', 'pane:restart'])

export class RemotePanes implements RemotePaneSource {
  private readonly hosts = new Map<string, HostLink>()
  private readonly byLocal = new Map<PaneId, RemotePane>()
  private readonly recorder: RemoteRecorder

  constructor(private readonly options: RemotePanesOptions) {
    this.recorder = new RemoteRecorder((host) => this.hosts.get(host)!.link, options.log)
  }

  /**
   * The remote panes this board showed when it stopped (a restart, a crash): back under their ids,
   * reconnecting, while each host's link comes up with the usual backoff; once it is up the board
   * there says which still are (those it no longer has go), and what they show.
   */
  restore(saved: readonly SavedRemotePane[]): void {
    const hosts = new Set<string>()
    for (const s of saved) {
      if (this.byLocal.has(s.id)) continue
      let entry: HostLink
      try {
        entry = this.hostLink(s.host)
      } catch (err) {
        this.options.log.error(`cannot reattach pane ${s.id} on ${s.host}`, { err: err instanceof Error ? err.message : String(err) })
        continue
      }
      this.options.reserveId?.(s.id)
      const pane: RemotePane = { localId: s.id, remoteId: s.remoteId, host: s.host, info: s.info, downSince: this.options.now(), viewers: new Map(), heard: 0 }
      entry.panes.set(s.remoteId, pane)
      this.byLocal.set(s.id, pane)
      hosts.add(s.host)
    }
    for (const host of hosts) this.hosts.get(host)!.link.keepTrying()
  }

  owns(id: PaneId): boolean {
    // A pane closed there while recording: its recording is still brought here and stopped from here.
    return this.byLocal.has(id) || this.recorder.has(id)
  }

  list(): PaneInfo[] {
    return [...this.byLocal.values()].map((p) => this.localInfo(p))
  }

  info(id: PaneId): PaneInfo {
    return this.localInfo(this.pane(id))
  }

  async create(req: CreatePaneRequest & { readonly host: string }): Promise<PaneInfo> {
    const host = req.host
    const { link } = this.hostLink(host)
    let client: RpcClient
    try {
      client = await link.ensure()
    } catch (err) {
      throw new BoardError('spawn-failed', err instanceof Error ? err.message : String(err))
    }
    // Paths of this machine mean nothing there: only a --cwd given is passed (as the remote reads it).
    const { host: _host, callerCwd: _caller, ...remoteReq } = req
    const info = await client.invoke('pane:create', remoteReq)
    // Its events may have been heard first (then they are newer than this result, see `heard`).
    const known = this.hosts.get(host)?.panes.get(info.id)
    return this.localInfo(known ?? this.track(host, info))
  }

  async invoke(id: PaneId, channel: InvokeChannel, rest: readonly unknown[]): Promise<unknown> {
    // A recording ends here, with its files here: also after its pane was closed there.
    if (channel === 'pane:record-stop') return this.stopRecording(id)
    const pane = this.pane(id)
    // What the board there said last, kept current by its events: answered while reconnecting too.
    if (channel === 'pane:get') return this.localInfo(pane)
    if (channel === 'pane:record') throw new Error('pane:record of a remote pane goes through record(), which knows the client')
    if (channel === 'pane:mark' && !this.recorder.running(id)) {
      // Said here, under this board's id (the board there would name its own).
      throw new BoardError('not-found', `pane ${id} is not being recorded; start with \`switchboard record ${id} FILE.cast\``)
    }
    const client = this.clientOf(pane)
    const heard = pane.heard
    const result = await (client.invoke as (c: InvokeChannel, ...a: unknown[]) => Promise<unknown>)(channel, pane.remoteId, ...rest)
    if (INFO_RESULTS.has(channel)) return this.localInfo(pane.heard === heard ? this.updated(pane, result as PaneInfo) : pane)
    if (channel === 'pane:history') return (result as { paneId: PaneId }[]).map((e) => ({ ...e, paneId: id }))
    if (result && typeof result === 'object' && 'paneId' in result) return { ...result, paneId: id }
    return result
  }

  /** The recording is the recorder's; the client there is asked of the link only once the request is valid. */
  async record(clientId: string, id: PaneId, file: string): Promise<RecordingInfo> {
    const pane = this.pane(id)
    return this.recorder.start(clientId, id, pane, file, () => this.clientOf(pane))
  }

  private stopRecording(id: PaneId): Promise<RecordingInfo> {
    const stopping = this.recorder.stop(id)
    if (stopping) return stopping
    this.pane(id)
    throw new BoardError('not-found', `pane ${id} is not being recorded`)
  }

  async attach(clientId: string, id: PaneId, emit: (payload: EventMap['pane:data']) => void): Promise<AttachSnapshot> {
    const pane = this.pane(id)
    const snapshot = await this.clientOf(pane).invoke('pane:attach', pane.remoteId)
    pane.viewers.set(clientId, emit)
    return { ...snapshot, paneId: id }
  }

  detach(clientId: string, id: PaneId): void {
    const pane = this.byLocal.get(id)
    if (!pane?.viewers.delete(clientId) || pane.viewers.size) return
    void this.hosts
      .get(pane.host)
      ?.link.client?.invoke('pane:detach', pane.remoteId)
      .catch(() => undefined)
  }

  clientGone(clientId: string): void {
    for (const pane of this.byLocal.values()) if (pane.viewers.has(clientId)) this.detach(clientId, pane.localId)
    this.recorder.stopOwnedBy(clientId)
  }

  dispose(): void {
    for (const { link } of this.hosts.values()) link.dispose()
    this.hosts.clear()
    this.byLocal.clear()
    this.recorder.dispose()
  }

  private pane(id: PaneId): RemotePane {
    const pane = this.byLocal.get(id)
    if (!pane) throw new BoardError('not-found', `no pane ${id}; \`switchboard ls\` lists the panes`)
    return pane
  }

  private clientOf(pane: RemotePane): RpcClient {
    const { link } = this.hosts.get(pane.host)!
    if (link.state !== 'up' || !link.client) {
      throw new BoardError(
        'unreachable',
        `pane ${pane.localId} runs on ${pane.host}, and the connection there is cut (${link.problem ?? 'reconnecting'}); the board is reconnecting — try again in a moment`,
      )
    }
    return link.client
  }

  private hostLink(host: string): HostLink {
    let entry = this.hosts.get(host)
    if (entry) return entry
    if (!this.options.appRoot)
      throw new BoardError('spawn-failed', 'this build of the board cannot copy itself to another machine (no package.json and out/ found beside it)')
    const options: LinkOptions = { destination: host, ssh: this.options.ssh, appRoot: this.options.appRoot, env: this.options.env, log: this.options.log }
    const link = this.options.connect ? this.options.connect(options) : new RemoteLink(options)
    entry = { link, panes: new Map() }
    this.hosts.set(host, entry)
    link.onUp((client) => void this.connected(host, client))
    link.onDown(() => this.disconnected(host))
    return entry
  }

  /** A remote pane, new or known: tracked under its local id. */
  private track(host: string, info: PaneInfo): RemotePane {
    const entry = this.hosts.get(host)!
    const known = entry.panes.get(info.id)
    if (known) return this.updated(known, info)
    const pane: RemotePane = { localId: this.options.allocateId(), remoteId: info.id, host, info, downSince: null, viewers: new Map(), heard: 0 }
    entry.panes.set(info.id, pane)
    this.byLocal.set(pane.localId, pane)
    this.persist()
    this.options.publish({ channel: 'pane:changed', payload: this.localInfo(pane) })
    return pane
  }

  private updated(pane: RemotePane, info: PaneInfo): RemotePane {
    pane.info = info
    return pane
  }

  private untrack(pane: RemotePane): void {
    this.hosts.get(pane.host)?.panes.delete(pane.remoteId)
    this.byLocal.delete(pane.localId)
    this.persist()
    this.recorder.paneGone(pane.localId)
    this.options.publish({ channel: 'pane:removed', payload: { paneId: pane.localId } })
  }

  private persist(): void {
    this.options.save?.([...this.byLocal.values()].map((p) => ({ id: p.localId, host: p.host, remoteId: p.remoteId, info: p.info })))
  }

  /** The link is (back) up: follow the board there, take its panes as they are now, reattach what is shown here. */
  private async connected(host: string, client: RpcClient): Promise<void> {
    const entry = this.hosts.get(host)
    if (!entry) return
    client.on('pane:changed', (info) => {
      const pane = entry.panes.get(info.id)
      if (pane?.downSince !== null && pane) return
      const tracked = pane ? this.updated(pane, info) : this.track(host, info)
      tracked.heard++
      this.options.publish({ channel: 'pane:changed', payload: this.localInfo(tracked) })
    })
    client.on('pane:state', (change) => {
      const pane = entry.panes.get(change.paneId) ?? this.track(host, change.info)
      if (pane.downSince !== null) return
      this.updated(pane, change.info)
      pane.heard++
      this.options.publish({ channel: 'pane:state', payload: { ...change, paneId: pane.localId, info: this.localInfo(pane) } })
    })
    client.on('pane:removed', ({ paneId }) => {
      const pane = entry.panes.get(paneId)
      if (pane) this.untrack(pane)
    })
    client.on('pane:alert', (alert) => {
      const pane = entry.panes.get(alert.paneId)
      if (pane) this.options.publish({ channel: 'pane:alert', payload: { ...alert, paneId: pane.localId } })
    })
    client.on('pane:data', (data) => {
      const pane = entry.panes.get(data.paneId)
      // Acknowledged as it arrives: the link is the remote's client; each window here has its own buffer.
      client.send('pane:ack', data.paneId, data.data.length)
      if (!pane) return
      for (const emit of pane.viewers.values()) emit({ ...data, paneId: pane.localId })
    })
    let panes: PaneInfo[]
    try {
      panes = await client.invoke('pane:list')
    } catch (err) {
      this.options.log.warn(`could not list the panes on ${host}`, { err: err instanceof Error ? err.message : String(err) })
      return
    }
    const there = new Set(panes.map((p) => p.id))
    // Gone while the link was down (closed there): gone here too.
    for (const pane of [...entry.panes.values()]) if (!there.has(pane.remoteId)) this.untrack(pane)
    for (const info of panes) {
      const known = entry.panes.get(info.id)
      const wasDown = known?.downSince !== null && known !== undefined
      const pane = this.track(host, info)
      pane.downSince = null
      if (wasDown) {
        this.options.publish({ channel: 'pane:state', payload: { paneId: pane.localId, previous: 'reconnecting', info: this.localInfo(pane) } })
      }
      if (pane.viewers.size) {
        const snapshot = await client.invoke('pane:attach', pane.remoteId).catch(() => null)
        if (snapshot) for (const emit of pane.viewers.values()) emit({ paneId: pane.localId, data: snapshot.serialized, resync: true })
      }
    }
  }

  /** The link is cut (or an attempt to bring it back failed): its panes read reconnecting. */
  private disconnected(host: string): void {
    const entry = this.hosts.get(host)
    if (!entry) return
    for (const pane of entry.panes.values()) {
      const previous = pane.downSince === null ? pane.info.verdict.state : 'reconnecting'
      pane.downSince ??= this.options.now()
      const info = this.localInfo(pane)
      this.options.publish(
        previous === 'reconnecting' ? { channel: 'pane:changed', payload: info } : { channel: 'pane:state', payload: { paneId: pane.localId, previous, info } },
      )
    }
  }

  /** The remote info under this board's id, with its host; while the link is down, reconnecting. */
  private localInfo(pane: RemotePane): PaneInfo {
    const link = this.hosts.get(pane.host)?.link
    const base: PaneInfo = { ...pane.info, id: pane.localId }
    if (pane.downSince === null) return { ...base, host: { name: pane.host, link: 'connected', problem: null } }
    const problem = link?.problem ?? 'the connection is cut'
    const verdict: Verdict = {
      state: 'reconnecting',
      since: pane.downSince,
      evidence: [
        {
          source: 'remote',
          at: pane.downSince,
          detail: `${problem}; reconnecting to ${pane.host} (the program runs on there; it was ${pane.info.verdict.state})`,
        },
      ],
    }
    return { ...base, verdict, dialog: null, host: { name: pane.host, link: 'reconnecting', problem } }
  }
}
