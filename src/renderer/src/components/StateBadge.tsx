import type { Verdict } from '../../../shared/domain/pane'
import { STATE_LOOK } from './paneStates'
import { StateIcon } from './StateIcon'

/** Icon plus the state's word; the tooltip carries the meaning and the evidence behind it. */
export function StateBadge({ verdict, compact = false }: { verdict: Verdict; compact?: boolean }) {
  const look = STATE_LOOK[verdict.state]
  const why = verdict.evidence.map((e) => `${e.source}: ${e.detail}`).join('\n')
  return (
    <span className={`state-badge tone-${look.tone}${compact ? ' state-badge--compact' : ''}`} data-state={verdict.state} title={`${look.label}: ${look.meaning}${why ? `\n${why}` : ''}`}>
      <StateIcon state={verdict.state} />
      <span className="state-badge__label">{look.label}</span>
    </span>
  )
}
