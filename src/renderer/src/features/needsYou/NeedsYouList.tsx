import type { NeedsYouItem } from '../../../../core/notify/needsYou'
import { Age } from '../../components/Age'
import { StateIcon } from '../../components/StateIcon'
import { STATE_LOOK } from '../../components/paneStates'
import { useBoardStore } from '../../store/boardStore'
import { useNeedsYou } from './needsYouItems'
import { cleanTitle, describeAge } from '../../lib/format'
import { changeSummary } from '../changes/changeSummary'
import { alertWords, rawEvidence, whatItWants } from '../notify/notificationText'
import { useAttentionStore } from '../../store/attentionStore'

const WHY: Record<NeedsYouItem['kind'], string> = {
  blocked: 'permission',
  question: 'question',
  input: 'waiting for input',
  asked: 'asked',
  finished: 'finished',
  alert: 'notified',
}

/**
 * Panes that wait for the user, most urgent first (dialogs, then replies and finished turns,
 * each longest wait first). Alt+J walks through them.
 */
export function NeedsYouList() {
  const items = useNeedsYou()
  const panes = useBoardStore((s) => s.panes)
  const selectedId = useBoardStore((s) => s.selectedId)
  const select = useBoardStore((s) => s.select)
  const alerts = useAttentionStore((s) => s.alerts)
  return (
    <section className="needs-you" aria-labelledby="needs-you-title" data-testid="needs-you">
      <h2 id="needs-you-title" className="sidebar__section-title">
        <span>Needs you</span>
        <span className={`sidebar__count${items.length ? ' count-attention' : ''}`} data-testid="needs-you-count">
          {items.length}
        </span>
      </h2>
      {items.length === 0 ? (
        <p className="needs-you__empty">Nothing waits for you.</p>
      ) : (
        <ol className="needs-you__list">
          {items.map((item) => {
            const pane = panes[item.paneId]
            if (!pane) return null
            const tone = item.kind === 'finished' ? 'green' : item.kind === 'alert' ? 'amber' : STATE_LOOK[pane.verdict.state].tone
            const alert = item.kind === 'alert' ? alerts[item.paneId] : undefined
            const wants = alert ? `${alertWords(alert)} (from ${alert.source})` : whatItWants(pane, item.kind)
            return (
              <li key={item.paneId} data-testid="needs-you-item" data-pane-id={item.paneId} data-kind={item.kind}>
                <button
                  type="button"
                  className={`needs-you__item${item.paneId === selectedId ? ' is-selected' : ''}`}
                  onClick={() => select(item.paneId)}
                  aria-label={`Pane ${pane.id} ${cleanTitle(pane.title)}: ${WHY[item.kind]}, ${wants}, waiting ${describeAge(Date.now() - item.waitingSince)}`}
                  title={`${wants}\n${pane.agent ?? pane.command[0] ?? 'pane'} in ${pane.cwd}\n\nWhy the board says so:\n${rawEvidence(pane)}`}
                >
                  <span className={`needs-you__icon tone-${tone}`}>
                    <StateIcon state={item.kind === 'finished' ? 'idle' : pane.verdict.state} />
                  </span>
                  <span className="needs-you__body">
                    <span className="needs-you__top">
                      <span className="needs-you__title">
                        <span className="needs-you__id">#{pane.id}</span> {cleanTitle(pane.title)}
                      </span>
                      <Age className="needs-you__age" since={item.waitingSince} />
                    </span>
                    <span className="needs-you__why">
                      <span className={`needs-you__kind tone-${tone}`}>{WHY[item.kind]}</span> {wants}
                    </span>
                    {item.kind === 'finished' && pane.changes && pane.changes.files > 0 && (
                      <span className="needs-you__changes" data-testid="needs-you-changes">
                        {changeSummary(pane.changes, false)}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
