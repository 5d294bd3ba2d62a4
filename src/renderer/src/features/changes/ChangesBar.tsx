import type { PaneChangesDetail, PaneInfo } from '../../../../shared/domain/pane'
import { changeSummary } from './changeSummary'
import { sum } from './useChangesDetail'

export type DiffLayout = 'line-by-line' | 'side-by-side'

const LAYOUTS = [
  ['line-by-line', 'Unified'],
  ['side-by-side', 'Split'],
] as const

/** Above the diff: what changed since when (on which branch), unified or split, and Refresh. */
export function ChangesBar({
  pane,
  detail,
  failed,
  layout,
  onLayout,
  onRefresh,
}: {
  pane: PaneInfo
  detail: PaneChangesDetail | null
  failed: boolean
  layout: DiffLayout
  onLayout: (layout: DiffLayout) => void
  onRefresh: () => void
}) {
  return (
    <div className="changes__bar">
      <span className="changes__summary" data-testid="changes-summary">
        {detail
          ? `${changeSummary({ files: detail.files.length, added: sum(detail, 'added'), removed: sum(detail, 'removed') })} since ${detail.since.slice(0, 8)}`
          : failed
            ? ''
            : 'Reading the changes…'}
        {pane.worktree && (
          <>
            {' '}
            on <code>{pane.worktree.branch}</code> (from <code>{pane.worktree.base}</code>)
          </>
        )}
      </span>
      <div className="segmented segmented--small" role="radiogroup" aria-label="Diff layout">
        {LAYOUTS.map(([value, label]) => (
          <label key={value} className={`segmented__option${layout === value ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="diff-layout"
              value={value}
              checked={layout === value}
              onChange={() => onLayout(value)}
              data-testid={`changes-layout-${value}`}
            />
            {label}
          </label>
        ))}
      </div>
      <button type="button" className="button button--ghost button--small" onClick={onRefresh} data-testid="changes-refresh">
        Refresh
      </button>
    </div>
  )
}
