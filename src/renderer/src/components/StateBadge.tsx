import type { Evidence, Verdict } from '../../../shared/domain/pane'
import { describeAge } from '../lib/format'
import { useNow } from '../lib/useNow'
import { STATE_LOOK } from './paneStates'
import { StateIcon } from './StateIcon'
import { Tooltip } from './Tooltip'

const SOURCE: Record<Evidence['source'], string> = {
  screen: 'Screen',
  hook: 'Agent report',
  process: 'Process',
  osc: 'Terminal sequence',
  title: 'Window title',
  exit: 'Exit',
  input: 'Your keys',
}

/** Why the pane shows this state: the meaning, then each piece of evidence with its source and age. */
export function VerdictEvidence({ verdict }: { verdict: Verdict }) {
  const now = useNow()
  const look = STATE_LOOK[verdict.state]
  return (
    <span className="evidence">
      <span className="evidence__head">
        <strong>{look.label}</strong> for {describeAge(now - verdict.since)}: {look.meaning}.
      </span>
      {verdict.evidence.find((e) => e.ask) && <span className="evidence__row evidence__ask">{verdict.evidence.find((e) => e.ask)!.ask}</span>}
      {verdict.evidence.length === 0 ? (
        <span className="evidence__row">No evidence yet.</span>
      ) : (
        verdict.evidence.map((e, i) => (
          <span className="evidence__row" key={i}>
            <span className="evidence__source">{SOURCE[e.source]}</span> {e.detail} <span className="evidence__age">({describeAge(now - e.at)} ago)</span>
          </span>
        ))
      )}
    </span>
  )
}

/**
 * Icon plus the state's word, in the state's colour: readable without colour (the icon's shape
 * and the word differ per state). Hovering or focusing it shows the evidence behind the verdict.
 */
export function StateBadge({ verdict, compact = false }: { verdict: Verdict; compact?: boolean }) {
  const look = STATE_LOOK[verdict.state]
  return (
    <Tooltip content={<VerdictEvidence verdict={verdict} />}>
      {(trigger) => (
        <span
          {...trigger}
          tabIndex={0}
          role="img"
          aria-label={`State: ${look.label}`}
          className={`state-badge tone-${look.tone}${compact ? ' state-badge--compact' : ''}`}
          data-state={verdict.state}
          data-testid="state-badge"
        >
          <StateIcon state={verdict.state} />
          <span className="state-badge__label">{look.label}</span>
        </span>
      )}
    </Tooltip>
  )
}
