import { describe, expect, it } from 'vitest'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings'
import { prefsFrom } from './notifyController'
import { notificationText } from './notificationText'

const pane = (extra: Partial<PaneInfo> = {}): PaneInfo => ({
  id: '3',
  title: '✳ Fix the parser',
  command: ['claude'],
  cwd: '/home/me/src/app',
  pid: 1,
  cols: 80,
  rows: 24,
  createdAt: 0,
  foreground: null,
  verdict: { state: 'blocked', since: 0, evidence: [{ source: 'hook', at: 0, detail: 'Stop: reply ends "Should I add a test?"' }] },
  exit: null,
  agent: 'claude',
  sessionId: null,
  dialog: { kind: 'permission', title: 'Do you want to proceed?', options: [] },
  drift: null,
  agentVersion: null,
  lastReport: null,
  worktree: null,
  changes: null,
  ...extra,
})

describe('notification text', () => {
  it('names the pane (without the agent’s title decoration), what waits, and where', () => {
    expect(notificationText(pane(), 'blocked')).toEqual({
      title: '#3 Fix the parser blocked — a permission dialog waits',
      body: 'Do you want to proceed?\nclaude in …/src/app',
    })
  })

  it('uses the evidence for a question in the reply', () => {
    expect(notificationText(pane({ dialog: null }), 'asked').body).toBe('Should I add a test?\nclaude in …/src/app')
  })
})

describe('notification preferences from the settings', () => {
  it('maps levels and seconds', () => {
    const settings = { ...DEFAULT_SETTINGS, notifications: { ...DEFAULT_SETTINGS.notifications, finished: 'quiet' as const, graceSeconds: 5 } }
    expect(prefsFrom(settings)).toEqual({ levels: { blocked: 'alert', question: 'alert', input: 'quiet', asked: 'quiet', finished: 'quiet' }, graceMs: 5000 })
  })
})
