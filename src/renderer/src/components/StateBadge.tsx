import type { Evidence, Verdict } from '../../../shared/domain/pane'
import { describeAge } from '../lib/format'
import { plainEvidence } from '../lib/plainWords'
import { useNow } from '../lib/useNow'
import { INTERRUPTED_LOOK, STATE_LOOK } from './paneStates'
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
  remote: 'Connection',
}

/** When a signal carries the agent's ask (shown above), its row only says where it came from. */
const SOURCE_SAYS: Record<Evidence['source'], string> = {
  screen: 'shows it',
  hook: 'says so',
  process: 'shows it',
  osc: 'says so',
  title: 'says so',
  exit: 'ended',
  input: 'typed it',
  remote: 'says so',
}

/**
 * Why the pane shows this state: the meaning and what the agent asks, then each signal in plain
 * words with its age; the raw evidence (event names, rule ids, payload fields) follows under
 * "Details", for whoever reports a wrong badge.
 */
export function VerdictEvidence({ verdict, interrupted = false }: { verdict: Verdict; interrupted?: boolean }) {
  const now = useNow()
  const look = interrupted ? INTERRUPTED_LOOK : STATE_LOOK[verdict.state]
  const ask = verdict.evidence.find((e) => e.ask)?.ask
  return (
    <span className="evidence">
      <span className="evidence__head">
        <strong>{look.label}</strong> for {describeAge(now - verdict.since)}: {look.meaning}.
      </span>
      {ask && <span className="evidence__row evidence__ask">{ask}</span>}
      {verdict.evidence.length === 0 ? (
        <span className="evidence__row">No evidence yet.</span>
      ) : (
        <>
          {verdict.evidence.map((e, i) => (
            <span className="evidence__row" key={i} data-testid="evidence-plain">
              <span className="evidence__source">{SOURCE[e.source]}</span> {e.ask ? SOURCE_SAYS[e.source] : plainEvidence(e, verdict.state)}{' '}
              <span className="evidence__age">({describeAge(now - e.at)} ago)</span>
            </span>
          ))}
          <span className="evidence__details-title">Details</span>
          {verdict.evidence.map((e, i) => (
            <code className="evidence__row evidence__raw" key={`raw${i}`} data-testid="evidence-raw">
              {e.source}: {e.detail}
            </code>
          ))}
        </>
      )}
    </span>
  )
}

/**
 * Icon plus the state's word, in the state's colour: readable without colour (the icon's shape
 * and the word differ per state). Hovering or focusing it shows the evidence behind the verdict.
 */
export function StateBadge({ verdict, compact = false, interrupted = false }: { verdict: Verdict; compact?: boolean; interrupted?: boolean }) {
  const look = interrupted ? INTERRUPTED_LOOK : STATE_LOOK[verdict.state]
  return (
    <Tooltip content={<VerdictEvidence verdict={verdict} interrupted={interrupted} />}>
      {(trigger) => (
        <span
          {...trigger}
          tabIndex={0}
          role="img"
          aria-label={`State: ${look.label}`}
          className={`state-badge tone-${look.tone}${compact ? ' state-badge--compact' : ''}`}
          data-state={verdict.state}
          data-interrupted={interrupted || undefined}
          data-testid="state-badge"
        >
          <StateIcon state={verdict.state} />
          <span className="state-badge__label">{look.label}</span>
        </span>
      )}
    </Tooltip>
  )
}
