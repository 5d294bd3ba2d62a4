import { useAttentionStore } from '../../store/attentionStore'
import { useBoardStore } from '../../store/boardStore'
import { openFromNotification } from '../shortcuts/boardCommands'
import { awayHeadline, awayLines } from './awayWords'

/** "While you were away": one summary on return of what waited and for how long; each line goes to its pane. */
export function AwaySummaryCard() {
  const away = useAttentionStore((s) => s.away)
  const setAway = useAttentionStore((s) => s.setAway)
  const panes = useBoardStore((s) => s.panes)
  if (!away) return null
  const lines = awayLines(away, panes)
  return (
    <section className="away" aria-label="While you were away" data-testid="away-summary">
      <header className="away__head">
        <h2 className="away__title">{awayHeadline(away)}</h2>
        <button type="button" className="icon-button" aria-label="Dismiss the summary" data-testid="away-dismiss" onClick={() => setAway(null)}>
          ×
        </button>
      </header>
      <ul className="away__list">
        {lines.map((l, i) => (
          <li key={i}>
            <button
              type="button"
              className={`away__item${l.ongoing ? ' is-ongoing' : ''}`}
              data-testid="away-item"
              data-pane-id={l.paneId}
              disabled={!panes[l.paneId]}
              onClick={() => openFromNotification(l.paneId)}
            >
              <span className="away__who">{l.who}</span> <span className="away__what">{l.what}</span>
            </button>
          </li>
        ))}
        {away.more > 0 && <li className="away__more">and {away.more} earlier</li>}
      </ul>
    </section>
  )
}
