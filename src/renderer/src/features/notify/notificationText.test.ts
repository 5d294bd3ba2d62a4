import { describe, expect, it } from 'vitest'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { notificationText, programAlertText, rawEvidence, whatItWants } from './notificationText'

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
      title: '#3 Fix the parser needs your permission',
      body: 'Do you want to proceed?\nclaude in …/src/app',
    })
  })

  it('says what the agent wants from its report, never the event name (issue 12)', () => {
    const evidence = [
      { source: 'screen' as const, at: 0, detail: 'rule claude.permission-dialog: "Do you want to proceed?"' },
      { source: 'hook' as const, at: 0, detail: 'PermissionRequest tool_name=Bash', ask: 'Run `touch x.txt`?' },
    ]
    const text = notificationText(pane({ verdict: { state: 'blocked', since: 0, evidence } }), 'blocked')
    expect(text.body).toBe('Run `touch x.txt`?\nclaude in …/src/app')
    expect(text.body).not.toContain('PermissionRequest')
  })

  it('Codex’s asked: the question from its Stop report, not its terminal state', () => {
    const evidence = [
      { source: 'osc' as const, at: 0, detail: 'agent terminal state state=done:app=codex' },
      { source: 'hook' as const, at: 0, detail: 'Stop: reply ends "…a pull request?"', ask: 'Do you want me to open a pull request?' },
    ]
    const p = pane({ agent: 'codex', dialog: null, verdict: { state: 'asked', since: 0, evidence } })
    expect(whatItWants(p, 'asked')).toBe('Do you want me to open a pull request?')
    expect(rawEvidence(p)).toContain('state=done:app=codex')
  })

  it('a program’s own notification names its source', () => {
    expect(programAlertText(pane({ agent: null, command: ['bash'] }), { title: '', body: 'build done', source: 'OSC 9' })).toEqual({
      title: '#3 Fix the parser: build done',
      body: 'from OSC 9 · bash in …/src/app',
    })
  })

  it('uses the evidence for a question in the reply', () => {
    expect(notificationText(pane({ dialog: null }), 'asked').body).toBe('Should I add a test?\nclaude in …/src/app')
  })
})

describe('a program waiting for input (issue 22 item 5: it read "A question waits for your choice.")', () => {
  it('says which program waits for what you type', () => {
    const waiting = pane({
      agent: null,
      command: ['bash'],
      dialog: null,
      foreground: { pid: 2, argv: ['npm', 'publish'], isRoot: false },
      verdict: { state: 'input', since: 0, evidence: [] },
    })
    expect(notificationText(waiting, 'input')).toEqual({
      title: '#3 Fix the parser waits for your input',
      body: 'npm publish waits for what you type.\npane in …/src/app',
    })
  })
})
