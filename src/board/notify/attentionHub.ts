/**
 * The board's notification policy, in the daemon: one decision per event for every client. The
 * pure reducers (core/notify: notifyPolicy, clientViews, awayLog) run here on the board's clock,
 * fed by the board's own events and by what each client reports it shows (`client:view`). A
 * notification goes to one client only (the one the user was at last), the cooldown and what was
 * seen are the board's, and every client gets the same snapshot (`attention:changed`).
 */
import type { Clock } from '../../core/lifecycle/clock'
import { Disposable, toDisposable, type IDisposable } from '../../core/lifecycle/disposable'
import { initialAway, reduceAway, type AwayEvent, type AwayState } from '../../core/notify/awayLog'
import { combinedView, pickNotifier, recordView, type ClientRecord } from '../../core/notify/clientViews'
import { initialNotifyState, nextDue, reduceNotify, unseenFinished, type NotifyEvent, type NotifyPrefs, type NotifyState } from '../../core/notify/notifyPolicy'
import type { AttentionKind, AttentionSnapshot, AwaySummary, ClientView, NotificationIntent, NotifyMode } from '../../shared/domain/attention'
import type { PaneId } from '../../shared/domain/pane'
import type { Settings } from '../../shared/domain/settings'
import type { BoardEvent, EventMap } from '../../shared/ipc/contract'
import type { Logger } from '../util/log'

export const enum AttentionHubConstants {
  /** Settings are read again at most this often (the file is the truth; edits apply within it). */
  SettingsTtlMs = 1_000,
}

type NotificationSettings = Settings['notifications']

/** Sends one client one of its own events. */
export type ClientDelivery = <E extends 'notify:show' | 'notify:away'>(channel: E, payload: EventMap[E]) => void

export interface AttentionHubOptions {
  readonly clock: Clock
  readonly log: Logger
  /** The notification settings in effect (the settings file's). */
  readonly settings: () => NotificationSettings
  /** Broadcasts the snapshot on the board's stream. */
  readonly broadcast: (snapshot: AttentionSnapshot) => void
}

interface Client {
  readonly seq: number
  readonly deliver: ClientDelivery
  record: ClientRecord | null
}

export class AttentionHub extends Disposable {
  private notify: NotifyState = initialNotifyState
  private away: AwayState
  private readonly clients = new Map<string, Client>()
  private clientSeq = 0
  private readonly ownModes = new Map<PaneId, NotifyMode>()
  private readonly agents = new Map<PaneId, string | null>()
  private timer: IDisposable | null = null
  private nextIntent = 1
  private cached: { at: number; settings: NotificationSettings } | null = null
  private lastBroadcast = ''
  /** Deliveries wait for the event being dispatched to reach every client first (its pane info). */
  private readonly pending: (() => void)[] = []

  constructor(private readonly options: AttentionHubOptions) {
    super()
    // Nobody is at a client until one says so: a board started alone is "away" from its start.
    this.away = reduceAway(initialAway, { type: 'focus', focused: false, at: options.clock.now() }, 0).state
    this.register(toDisposable(() => this.timer?.dispose()))
  }

  /** The board's stream: pane states, panes gone, programs' own notifications. */
  onBoardEvent(event: BoardEvent): void {
    const at = this.options.clock.now()
    switch (event.channel) {
      case 'pane:changed':
        this.agents.set(event.payload.id, event.payload.agent)
        this.apply({ type: 'state', paneId: event.payload.id, state: event.payload.verdict.state, at })
        break
      case 'pane:state':
        this.agents.set(event.payload.paneId, event.payload.info.agent)
        this.apply({ type: 'state', paneId: event.payload.paneId, state: event.payload.info.verdict.state, at })
        break
      case 'pane:removed':
        this.agents.delete(event.payload.paneId)
        this.ownModes.delete(event.payload.paneId)
        this.apply({ type: 'removed', paneId: event.payload.paneId })
        break
      case 'pane:alert': {
        const { paneId, source, title, body } = event.payload
        const alert = { at, source, title, body }
        this.apply({ type: 'alert', paneId, alert })
        if (this.modeOf(paneId) !== 'none') this.stepAway({ type: 'alert', paneId, alert })
        break
      }
      default:
        break
    }
  }

  /** A client that may be told to show notifications; dispose when it goes. */
  attach(clientId: string, deliver: ClientDelivery): IDisposable {
    this.clients.set(clientId, { seq: this.clientSeq++, deliver, record: null })
    return toDisposable(() => {
      const had = this.clients.get(clientId)?.record
      this.clients.delete(clientId)
      // A focused tab closed: the user may have left with it.
      if (had) this.viewsChanged(null)
    })
  }

  /** What a client shows now (`client:view`). */
  view(clientId: string, view: ClientView): void {
    const client = this.clients.get(clientId)
    if (!client) return
    client.record = recordView(client.record ?? undefined, clientId, client.seq, view, this.options.clock.now())
    this.viewsChanged(view.focused ? clientId : null)
  }

  /** The pane's own mode; null: its agent's again. */
  setMode(paneId: PaneId, mode: NotifyMode | null): AttentionSnapshot {
    if (mode === null) this.ownModes.delete(paneId)
    else this.ownModes.set(paneId, mode)
    this.options.log.info(`pane ${paneId} notifications: ${mode ?? `its agent's (${this.modeOf(paneId)})`}`)
    this.publish()
    return this.snapshot()
  }

  snapshot(): AttentionSnapshot {
    const settled = Object.fromEntries(Object.entries(this.notify.alerts).filter(([, a]) => a.dueAt === undefined))
    const modes: Record<PaneId, NotifyMode> = {}
    for (const id of this.agents.keys()) modes[id] = this.modeOf(id)
    return { unseen: unseenFinished(this.notify), alerts: settled, modes, ownModes: Object.fromEntries(this.ownModes) }
  }

  private settings(): NotificationSettings {
    const now = this.options.clock.now()
    if (!this.cached || now - this.cached.at >= AttentionHubConstants.SettingsTtlMs) this.cached = { at: now, settings: this.options.settings() }
    return this.cached.settings
  }

  private modeOf(paneId: PaneId): NotifyMode {
    const own = this.ownModes.get(paneId)
    if (own) return own
    // Own properties only: an agent named `constructor` or `toString` must not read Object.prototype's.
    const modes = this.settings().agentModes
    const agent = this.agents.get(paneId) ?? 'shell'
    return (Object.hasOwn(modes, agent) ? modes[agent] : undefined) ?? 'all'
  }

  private prefs(): NotifyPrefs {
    const modes: Record<PaneId, NotifyMode> = {}
    for (const id of this.agents.keys()) modes[id] = this.modeOf(id)
    return prefsFrom(this.settings(), modes)
  }

  private viewsChanged(returning: string | null): void {
    const records = [...this.clients.values()].flatMap((c) => (c.record ? [c.record] : []))
    const view = combinedView(records)
    const before = this.notify.view.focused
    this.apply({ type: 'view', view, at: this.options.clock.now() })
    if (view.focused === before) return
    const summary = this.stepAway({ type: 'focus', focused: view.focused, at: this.options.clock.now() })
    const to = returning !== null ? this.clients.get(returning) : undefined
    if (summary && to) this.later(() => to.deliver('notify:away', summary))
  }

  private stepAway(event: AwayEvent): AwaySummary | null {
    const { state, summary } = reduceAway(this.away, event, this.settings().awaySummarySeconds * 1000)
    this.away = state
    if (!summary) return null
    const entries = summary.entries.filter((e) => this.modeOf(e.paneId) !== 'none')
    return entries.length ? { ...summary, entries } : null
  }

  private apply(event: NotifyEvent): void {
    const before = this.notify.panes
    const result = reduceNotify(this.notify, event, this.prefs())
    this.notify = result.state
    // Each pane whose attention changed (a dialog opened, a turn ended, it was answered) is logged for an absence.
    for (const [id, memo] of Object.entries(this.notify.panes)) {
      const was = before[id]
      if (was && was.kind === memo.kind && was.since === memo.since) continue
      if (!was && memo.kind === null) continue
      this.stepAway({ type: 'attention', paneId: id, kind: this.modeOf(id) === 'none' ? null : memo.kind, at: memo.since })
    }
    for (const id of Object.keys(before)) if (!(id in this.notify.panes)) this.stepAway({ type: 'removed', paneId: id, at: this.options.clock.now() })
    for (const intent of result.raise) this.route({ id: this.nextIntent++, ...intent })
    this.publish()
    this.schedule()
  }

  private route(intent: NotificationIntent): void {
    const records = [...this.clients.values()].flatMap((c) => (c.record ? [c.record] : []))
    const to = pickNotifier(records)
    const client = to !== null ? this.clients.get(to) : undefined
    this.options.log.info(`pane ${intent.paneId} notification (${describeKind(intent.kind)})${client ? ` to client ${to}` : ': no window or tab can show it'}`)
    if (client) this.later(() => client.deliver('notify:show', intent))
  }

  private publish(): void {
    this.later(() => {
      const snapshot = this.snapshot()
      const key = JSON.stringify(snapshot)
      if (key === this.lastBroadcast) return
      this.lastBroadcast = key
      this.options.broadcast(snapshot)
    })
  }

  /** After the event being handled has reached every client (a microtask later), in order. */
  private later(fn: () => void): void {
    this.pending.push(fn)
    if (this.pending.length > 1) return
    queueMicrotask(() => {
      for (const job of this.pending.splice(0)) {
        if (this.store.isDisposed) return
        job()
      }
    })
  }

  private schedule(): void {
    this.timer?.dispose()
    this.timer = null
    const due = nextDue(this.notify)
    if (due === null || this.store.isDisposed) return
    this.timer = this.options.clock.setTimeout(() => this.apply({ type: 'tick', at: this.options.clock.now() }), Math.max(0, due - this.options.clock.now()))
  }
}

/** The policy's preferences from the settings, with each pane's mode. */
export function prefsFrom(settings: NotificationSettings, modes: Readonly<Record<PaneId, NotifyMode>> = {}): NotifyPrefs {
  const { blocked, question, input, asked, finished, alert, graceSeconds, cooldownSeconds } = settings
  return { levels: { blocked, question, input, asked, finished, alert }, graceMs: graceSeconds * 1000, cooldownMs: cooldownSeconds * 1000, modes }
}

function describeKind(kind: AttentionKind): string {
  return kind === 'alert' ? "the program's own" : kind
}
