import { describe, expect, it } from 'vitest'
import { VirtualClock } from '../../core/lifecycle/clock'
import type { AttentionSnapshot, AwaySummary, ClientView, NotificationIntent } from '../../shared/domain/attention'
import type { PaneInfo, PaneState } from '../../shared/domain/pane'
import { DEFAULT_SETTINGS, type Settings } from '../../shared/domain/settings'
import { createLogger } from '../util/log'
import { AttentionHub, prefsFrom } from './attentionHub'

const pane = (id: string, state: PaneState, agent: string | null = 'claude'): PaneInfo => ({
  id,
  title: `pane ${id}`,
  command: [agent ?? 'bash'],
  cwd: '/tmp',
  pid: 1,
  cols: 80,
  rows: 24,
  createdAt: 0,
  foreground: null,
  verdict: { state, since: 0, evidence: [] },
  exit: null,
  agent,
  sessionId: null,
  dialog: null,
  drift: null,
  agentVersion: null,
  lastReport: null,
  worktree: null,
  changes: null,
})

/** The hub as a board drives it: its own events, clients that report views, on a virtual clock. */
function harness(notifications: Partial<Settings['notifications']> = {}) {
  const clock = new VirtualClock(1_000_000)
  const settings = { ...DEFAULT_SETTINGS.notifications, ...notifications }
  const snapshots: AttentionSnapshot[] = []
  const hub = new AttentionHub({ clock, log: createLogger('error'), settings: () => settings, broadcast: (s) => snapshots.push(s) })
  const shown = new Map<string, NotificationIntent[]>()
  const away = new Map<string, AwaySummary[]>()
  const client = (id: string) => {
    shown.set(id, [])
    away.set(id, [])
    const handle = hub.attach(id, (channel, payload) => {
      if (channel === 'notify:show') shown.get(id)!.push(payload as NotificationIntent)
      else away.get(id)!.push(payload as AwaySummary)
    })
    return {
      view: (view: Partial<ClientView>) => hub.view(id, { focused: true, visible: [], canNotify: true, ...view }),
      close: () => handle.dispose(),
    }
  }
  const state = (id: string, s: PaneState, agent?: string | null) =>
    hub.onBoardEvent({ channel: 'pane:state', payload: { paneId: id, previous: 'working', info: pane(id, s, agent) } })
  const flush = () => new Promise((r) => setTimeout(r, 0))
  return { clock, hub, client, state, shown, away, snapshots, flush, all: () => [...shown.values()].flat() }
}

describe('the daemon decides notifications for every client (issue 21 item 2)', () => {
  it('two clients, one program alert: one notification, to the client the user was at last', async () => {
    const h = harness()
    const a = h.client('client-1')
    const b = h.client('client-2')
    h.state('1', 'working', null)
    a.view({ focused: false })
    b.view({ focused: true, visible: ['2'] })
    h.hub.onBoardEvent({ channel: 'pane:alert', payload: { paneId: '1', source: 'OSC 9', title: 'build done', body: '', at: h.clock.now() } })
    h.clock.advance(1000)
    await h.flush()
    expect(h.all().map((n) => `${n.paneId}:${n.kind}`)).toEqual(['1:alert'])
    expect(h.shown.get('client-2')).toHaveLength(1)
    // Again within the cooldown: the board's cooldown, not a tab's.
    h.hub.onBoardEvent({ channel: 'pane:alert', payload: { paneId: '1', source: 'OSC 9', title: 'build done', body: '', at: h.clock.now() } })
    h.clock.advance(1000)
    await h.flush()
    expect(h.all()).toHaveLength(1)
  })

  it('a pane one client looks at raises nothing; "seen" in one client is seen in all', async () => {
    const h = harness({ finished: 'quiet' })
    const a = h.client('client-1')
    h.client('client-2').view({ focused: false, visible: [] })
    a.view({ focused: true, visible: ['1'] })
    h.state('1', 'working')
    h.state('1', 'blocked')
    await h.flush()
    expect(h.all()).toEqual([])
    a.view({ focused: true, visible: [] })
    h.state('1', 'working')
    h.state('1', 'idle')
    await h.flush()
    expect(h.all().map((n) => n.kind)).toEqual(['finished'])
    expect(h.snapshots.at(-1)!.unseen['1']).toBeDefined()
    a.view({ focused: true, visible: ['1'] })
    await h.flush()
    expect(h.snapshots.at(-1)!.unseen).toEqual({})
  })

  it('nobody allowed notifications: none is shown, and no client gets one later for it', async () => {
    const h = harness()
    const a = h.client('client-1')
    a.view({ focused: false, canNotify: false })
    h.state('1', 'working')
    h.state('1', 'blocked')
    await h.flush()
    expect(h.all()).toEqual([])
    a.view({ focused: false, canNotify: true })
    await h.flush()
    expect(h.all()).toEqual([])
  })

  it('a closed focused tab hands notifications to the other one', async () => {
    const h = harness()
    const a = h.client('client-1')
    const b = h.client('client-2')
    b.view({ focused: false })
    a.view({ focused: true })
    h.state('1', 'working')
    a.close()
    h.state('1', 'blocked')
    await h.flush()
    expect(h.shown.get('client-2')!.map((n) => n.kind)).toEqual(['blocked'])
  })
})

describe('modes per pane or agent (issue 22 item 5)', () => {
  it('attention only: dialogs notify, finished turns and program alerts do not; none: nothing', async () => {
    const h = harness({ finished: 'quiet', agentModes: { codex: 'attention' } })
    h.client('client-1').view({ focused: true, visible: [] })
    h.state('1', 'working', 'codex')
    h.state('1', 'idle', 'codex')
    h.state('1', 'working', 'codex')
    h.state('1', 'blocked', 'codex')
    h.state('2', 'working', 'claude')
    h.hub.setMode('2', 'none')
    h.state('2', 'blocked', 'claude')
    await h.flush()
    expect(h.all().map((n) => `${n.paneId}:${n.kind}`)).toEqual(['1:blocked'])
    expect(h.snapshots.at(-1)!.modes).toEqual({ '1': 'attention', '2': 'none' })
    expect(h.snapshots.at(-1)!.ownModes).toEqual({ '2': 'none' })
    // Back to its agent's mode.
    expect(h.hub.setMode('2', null).modes['2']).toBe('all')
  })
})

describe('"While you were away" (issue 22 item 5)', () => {
  it('one summary on return, to the client returned to: what waited, and since and until when', async () => {
    const h = harness({ awaySummarySeconds: 60 })
    const a = h.client('client-1')
    const b = h.client('client-2')
    a.view({ focused: true, visible: [] })
    h.state('1', 'working')
    h.state('2', 'working')
    a.view({ focused: false })
    const left = h.clock.now()
    h.clock.advance(10_000)
    h.state('1', 'blocked')
    h.clock.advance(20_000)
    h.state('1', 'working')
    h.state('2', 'question')
    h.clock.advance(60_000)
    b.view({ focused: true, visible: [] })
    await h.flush()
    expect(h.away.get('client-1')).toEqual([])
    const [summary] = h.away.get('client-2')!
    expect(summary).toMatchObject({ from: left, to: left + 90_000, more: 0 })
    expect(summary!.entries.map((e) => [e.paneId, e.kind, e.since - left, e.until === null ? null : e.until - left])).toEqual([
      ['1', 'blocked', 10_000, 30_000],
      ['2', 'question', 30_000, null],
    ])
    // Once: focus changes within the same presence say nothing more.
    a.view({ focused: true })
    await h.flush()
    expect(h.away.get('client-1')).toEqual([])
  })

  it('a short absence, or one in which nothing waited, gives none', async () => {
    const h = harness({ awaySummarySeconds: 60 })
    const a = h.client('client-1')
    a.view({ focused: true })
    h.state('1', 'working')
    a.view({ focused: false })
    h.clock.advance(5_000)
    h.state('1', 'blocked')
    a.view({ focused: true })
    a.view({ focused: false })
    h.clock.advance(120_000)
    a.view({ focused: true })
    await h.flush()
    // The second absence began with the dialog still open: it waited through it.
    expect(h.away.get('client-1')!.map((s) => s.entries.map((e) => e.kind))).toEqual([['blocked']])
  })
})

describe('notification preferences from the settings', () => {
  it('maps levels and seconds, with the modes', () => {
    const settings = { ...DEFAULT_SETTINGS.notifications, finished: 'quiet' as const, graceSeconds: 5 }
    expect(prefsFrom(settings, { '2': 'none' })).toEqual({
      levels: { blocked: 'alert', question: 'alert', input: 'quiet', asked: 'quiet', finished: 'quiet', alert: 'alert' },
      graceMs: 5000,
      cooldownMs: 30_000,
      modes: { '2': 'none' },
    })
  })
})

describe('a pane’s notification mode', () => {
  it('an agent named like an Object.prototype member ("constructor", "toString") gets the default mode, not the prototype’s member', () => {
    const h = harness({ agentModes: { claude: 'none' } })
    h.state('1', 'working', 'constructor')
    h.state('2', 'working', 'toString')
    h.state('3', 'working', '__proto__')
    h.state('4', 'working', 'claude')
    expect(h.hub.snapshot().modes).toEqual({ '1': 'all', '2': 'all', '3': 'all', '4': 'none' })
  })
})
