import { describe, expect, it } from 'vitest'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { groupPanes, matchesQuery, type AgentNames } from './paneFilter'
import { jumpKey, paneForJumpKey } from './jumpKeys'

const pane = (id: string, extra: Partial<PaneInfo> = {}): PaneInfo => ({
  id,
  title: `task ${id}`,
  command: ['bash'],
  cwd: `/home/me/src/app${id}`,
  pid: 1,
  cols: 80,
  rows: 24,
  createdAt: 0,
  foreground: null,
  verdict: { state: 'idle', since: 0, evidence: [] },
  exit: null,
  agent: null,
  sessionId: null,
  dialog: null,
  drift: null,
  agentVersion: null,
  lastReport: null,
  worktree: null,
  changes: null,
  ...extra,
})

/** As `agents:list` names them (the agent folders' `name`s); a user's agent is one more. */
const NAMES: AgentNames = { claude: 'Claude Code', codex: 'Codex', mytool: 'My Tool' }

describe('finding a pane by typing (issue 22 item 1)', () => {
  const panes = [
    pane('1', { title: '✳ Fix the login form', agent: 'claude' }),
    pane('2', {
      agent: 'codex',
      worktree: { repo: '/src/shop', path: '/src/shop.worktrees/agent/cart', branch: 'agent/cart', base: 'main', baseCommit: 'abc' },
    }),
    pane('3', { verdict: { state: 'blocked', since: 0, evidence: [] } }),
    pane('4', { agent: 'mytool' }),
  ]
  const found = (q: string) => panes.filter((p) => matchesQuery(p, q, NAMES)).map((p) => p.id)

  it('matches part of a title, an agent (its name or how the board names it), a branch, a state, case-insensitively', () => {
    expect(found('LOGIN')).toEqual(['1'])
    expect(found('claude code')).toEqual(['1'])
    expect(found('codex')).toEqual(['2'])
    expect(found('cart')).toEqual(['2'])
    expect(found('blocked')).toEqual(['3'])
    expect(found('#3')).toEqual(['3'])
    expect(found('my tool')).toEqual(['4'])
    expect(found('')).toEqual(['1', '2', '3', '4'])
    expect(found('login codex')).toEqual([])
  })
})

describe('groups (issue 22 item 1)', () => {
  it('by repository (a worktree counts for its main checkout), agent or state; the ungrouped last', () => {
    const panes = [
      pane('1', { agent: 'claude', changes: { since: 'a', branch: 'main', files: 0, added: 0, removed: 0, at: 0, error: null, root: '/src/shop' } }),
      pane('2', { agent: 'codex', worktree: { repo: '/src/shop', path: '/w', branch: 'b', base: 'main', baseCommit: 'abc' } }),
      pane('3', { verdict: { state: 'blocked', since: 0, evidence: [] } }),
      pane('4', { agent: 'mytool' }),
    ]
    expect(groupPanes(panes, 'repository').map((g) => [g.label, g.panes.map((p) => p.id)])).toEqual([
      ['shop', ['1', '2']],
      ['Not in a repository', ['3', '4']],
    ])
    expect(groupPanes(panes, 'agent', NAMES).map((g) => g.label)).toEqual(['Claude Code', 'Codex', 'My Tool', 'Other programs'])
    // An agent the list does not name (not loaded yet) is shown by its id.
    expect(groupPanes(panes, 'agent').map((g) => g.label)).toEqual(['claude', 'codex', 'mytool', 'Other programs'])
    expect(groupPanes(panes, 'state').map((g) => [g.label, g.panes.length])).toEqual([
      ['Blocked', 1],
      ['Idle', 3],
    ])
  })
})

describe('any pane in two keystrokes (issue 22 item 1)', () => {
  it('keys 1 … 9, then letters; twelve panes all have one', () => {
    const order = Array.from({ length: 12 }, (_, i) => String(i + 1))
    expect(order.map((_, i) => jumpKey(i))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c'])
    expect(paneForJumpKey(order, 'c')).toBe('12')
    expect(paneForJumpKey(order, 'C')).toBe('12')
    expect(paneForJumpKey(order, 'd')).toBeNull()
    expect(paneForJumpKey(order, 'Enter')).toBeNull()
  })
})
