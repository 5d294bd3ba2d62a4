/**
 * Finding a pane among many: a typed query matched against what a user remembers of a pane
 * (part of its title, its agent, its branch, its state, its folder, its number), and the
 * sidebar's groups (by repository, agent or state). Pure, so it is unit-tested.
 */
import type { PaneInfo, PaneState } from '../../../../shared/domain/pane'
import { PANE_STATES } from '../../../../shared/domain/pane'
import { cleanTitle } from '../../lib/format'

/** How the UI names each agent, by id (the agent folders' `name`s, from `agents:list`). */
export type AgentNames = Readonly<Record<string, string>>

const nameOf = (names: AgentNames, agent: string): string | undefined => (Object.prototype.hasOwnProperty.call(names, agent) ? names[agent] : undefined)

export const GROUPINGS = ['none', 'repository', 'agent', 'state'] as const
export type Grouping = (typeof GROUPINGS)[number]

export const GROUPING_LABELS: Record<Grouping, string> = { none: 'No groups', repository: 'By repo', agent: 'By agent', state: 'By state' }

/** The pane's branch: its worktree's, else its checkout's. */
export function branchOf(pane: PaneInfo): string | null {
  return pane.worktree?.branch ?? pane.changes?.branch ?? null
}

/** The repository a pane works in: a worktree's main checkout, else the checkout it runs in; null outside git. */
export function repositoryOf(pane: PaneInfo): string | null {
  return pane.worktree?.repo ?? pane.changes?.root ?? null
}

function words(pane: PaneInfo, names: AgentNames): string[] {
  const agent = pane.agent ?? ''
  return [
    cleanTitle(pane.title),
    pane.title,
    agent,
    nameOf(names, agent) ?? '',
    branchOf(pane) ?? '',
    pane.verdict.state,
    pane.cwd,
    pane.command.join(' '),
    `#${pane.id}`,
  ]
}

/** Every word of the query is part of something the pane shows (case-insensitive); an empty query matches all. */
export function matchesQuery(pane: PaneInfo, query: string, names: AgentNames = {}): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (terms.length === 0) return true
  const hay = words(pane, names).join('\n').toLowerCase()
  return terms.every((t) => hay.includes(t))
}

export interface PaneGroup {
  readonly key: string
  readonly label: string
  readonly panes: readonly PaneInfo[]
}

const lastPart = (path: string) => path.split('/').filter(Boolean).pop() ?? path

/** The panes in groups, in the board's order within each; groups by first appearance (states in their own order). */
export function groupPanes(panes: readonly PaneInfo[], by: Grouping, names: AgentNames = {}): PaneGroup[] {
  if (by === 'none') return [{ key: 'all', label: '', panes }]
  const groups = new Map<string, { label: string; panes: PaneInfo[] }>()
  for (const pane of panes) {
    let key: string
    let label: string
    if (by === 'repository') {
      const repo = repositoryOf(pane)
      key = repo ?? ''
      label = repo ? lastPart(repo) : 'Not in a repository'
    } else if (by === 'agent') {
      key = pane.agent ?? ''
      label = pane.agent ? (nameOf(names, pane.agent) ?? pane.agent) : 'Other programs'
    } else {
      key = pane.verdict.state
      label = pane.verdict.state.charAt(0).toUpperCase() + pane.verdict.state.slice(1)
    }
    const group = groups.get(key) ?? { label, panes: [] }
    group.panes.push(pane)
    groups.set(key, group)
  }
  const list = [...groups.entries()].map(([key, g]) => ({ key, label: g.label, panes: g.panes }))
  if (by === 'state') list.sort((a, b) => PANE_STATES.indexOf(a.key as PaneState) - PANE_STATES.indexOf(b.key as PaneState))
  // "Not in a repository" and "Other programs" last.
  return [...list.filter((g) => g.key !== ''), ...list.filter((g) => g.key === '')]
}
