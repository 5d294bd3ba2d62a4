import type { ReactNode } from 'react'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { Age } from '../../components/Age'
import { STATE_LOOK } from '../../components/paneStates'
import { describeAge, describeExit, formatArgv } from '../../lib/format'
import { plainReport } from '../../lib/plainWords'
import { changeSummary } from '../changes/changeSummary'

/** One fact of the header's second row: shown whole in the row while it fits, always in the menu. */
export interface MetaItem {
  readonly key: string
  /** The fact in words, for the menu. */
  readonly text: string
  readonly node: ReactNode
}

/** What the agent wants, in its words (else the dialog's title, else what the state means). */
export function paneAsk(pane: PaneInfo): string | undefined {
  const evidence = pane.verdict.evidence[0]?.detail
  const inDialog = pane.verdict.state === 'blocked' || pane.verdict.state === 'question'
  return (
    pane.verdict.evidence.find((e) => e.ask)?.ask ??
    (inDialog && pane.dialog?.title ? pane.dialog.title : undefined) ??
    (pane.exit ? evidence : evidence && STATE_LOOK[pane.verdict.state].meaning)
  )
}

/**
 * The header's facts, most useful first: what the pane wants, its git work, the command, the
 * folder, the agent's last report, drift, pid and size. The raw evidence stays in the tooltips.
 * `agentName` is how the UI names the pane's agent (its folder's `name`).
 */
export function paneMeta(pane: PaneInfo, onChanges: () => void, now: number, agentName = 'The agent'): MetaItem[] {
  const items: MetaItem[] = []
  const evidence = pane.verdict.evidence[0]?.detail
  const ask = paneAsk(pane)
  if (ask)
    items.push({
      key: 'ask',
      text: ask,
      node: (
        <span className="pane-header__evidence" data-testid="pane-header-ask" title={pane.verdict.evidence.map((e) => `${e.source}: ${e.detail}`).join('\n')}>
          {ask}
        </span>
      ),
    })
  const { worktree, changes } = pane
  if (worktree) {
    const text = `⎇ ${worktree.branch} from ${worktree.base} in ${worktree.repo.split('/').pop()}`
    items.push({
      key: 'worktree',
      text,
      node: (
        <span className="pane-header__worktree" data-testid="pane-header-worktree" title={`worktree ${worktree.path} of ${worktree.repo}`}>
          ⎇ <code>{worktree.branch}</code> from <code>{worktree.base}</code> in {worktree.repo.split('/').pop()}
        </span>
      ),
    })
  } else if (changes?.branch) {
    items.push({
      key: 'branch',
      text: `⎇ ${changes.branch}`,
      node: (
        <span className="pane-header__worktree" data-testid="pane-header-branch">
          ⎇ <code>{changes.branch}</code>
        </span>
      ),
    })
  }
  if (changes) {
    const text = changes.error ? 'changes unknown' : changeSummary(changes)
    items.push({
      key: 'changes',
      text,
      node: (
        <button
          type="button"
          className={`link-button pane-header__changes${changes.error ? ' is-error' : ''}`}
          data-testid="pane-header-changes"
          title={changes.error ?? `Changes since ${changes.since.slice(0, 8)}: open the diff`}
          onClick={onChanges}
        >
          {text}
        </button>
      ),
    })
  }
  items.push({ key: 'command', text: formatArgv(pane.command), node: <code className="pane-header__command">{formatArgv(pane.command)}</code> })
  if (pane.host) {
    const host = pane.host
    const text = host.link === 'connected' ? `on ${host.name}` : `on ${host.name} (reconnecting)`
    items.push({
      key: 'host',
      text,
      node: (
        <span
          className={`pane-header__host${host.link === 'connected' ? '' : ' is-error'}`}
          data-testid="pane-header-host"
          title={
            host.link === 'connected'
              ? `Runs on ${host.name} over ssh; its status is computed there`
              : `The ssh connection to ${host.name} is cut${host.problem ? `: ${host.problem}` : ''}; the program runs on there and the board is reconnecting`
          }
        >
          ⇄ {text}
        </span>
      ),
    })
  }
  items.push({
    key: 'cwd',
    text: pane.cwd,
    node: (
      <span className="pane-header__cwd" title={pane.cwd}>
        {pane.cwd}
      </span>
    ),
  })
  if (pane.lastReport) {
    const text = `${agentName} ${plainReport(pane.lastReport.event)} ${describeAge(now - pane.lastReport.at)} ago`
    items.push({
      key: 'report',
      text,
      node: (
        <span data-testid="pane-header-last-report" title={`The agent's latest report: ${pane.lastReport.event} (hook or plugin event)`}>
          {agentName} {plainReport(pane.lastReport.event)} <Age since={pane.lastReport.at} /> ago
        </span>
      ),
    })
  }
  if (pane.drift)
    items.push({
      key: 'drift',
      text: `⚠ rules may be out of date: ${pane.drift.detail}`,
      node: (
        <span className="pane-header__drift" data-testid="pane-header-drift" title={pane.drift.detail}>
          ⚠ rules may be out of date
        </span>
      ),
    })
  if (!pane.interrupted) {
    if (pane.exit) {
      if (!evidence?.includes(describeExit(pane.exit))) items.push({ key: 'exit', text: describeExit(pane.exit), node: <span>{describeExit(pane.exit)}</span> })
    } else items.push({ key: 'pid', text: `pid ${pane.pid}`, node: <span>pid {pane.pid}</span> })
  }
  items.push({ key: 'size', text: `${pane.cols}×${pane.rows}`, node: <span>{`${pane.cols}×${pane.rows}`}</span> })
  return items
}
