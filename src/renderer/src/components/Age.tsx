import { describeAge, formatAge } from '../lib/format'
import { useNow } from '../lib/useNow'

/** A live "since" age ("12s", "3m") of a board timestamp, spelled out for tooltips and readers. */
export function Age({ since, className }: { since: number; className?: string }) {
  const now = useNow()
  const age = now - since
  return (
    <time className={className} dateTime={new Date(since).toISOString()} title={`for ${describeAge(age)} (since ${new Date(since).toLocaleTimeString()})`}>
      {formatAge(age)}
    </time>
  )
}
