/** "While you were away", in words: how long, and per entry which pane waited for what and how long. Pure. */
import type { AwayEntry, AwaySummary } from '../../../../shared/domain/attention'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { cleanTitle, describeAge } from '../../lib/format'
import { alertWords } from './notificationText'

const WAITED: Record<AwayEntry['kind'], [ongoing: string, ended: string]> = {
  blocked: ['waits for your permission', 'waited for your permission'],
  question: ['waits for your answer', 'waited for your answer'],
  input: ['waits for your input', 'waited for your input'],
  asked: ['asked you something', 'asked you something'],
  finished: ['finished its turn', 'finished its turn'],
  alert: ['notified', 'notified'],
}

export interface AwayLine {
  readonly paneId: string
  /** "#3 Fix the login form" (or "#3 (closed)"). */
  readonly who: string
  /** "waited for your permission for 4 minutes" / "waits for your permission, 6 minutes so far". */
  readonly what: string
  readonly ongoing: boolean
}

export function awayHeadline(summary: AwaySummary): string {
  return `While you were away (${describeAge(summary.to - summary.from)})`
}

export function awayLines(summary: AwaySummary, panes: Readonly<Record<string, PaneInfo>>): AwayLine[] {
  return summary.entries.map((e) => {
    const pane = panes[e.paneId]
    const who = `#${e.paneId} ${pane ? cleanTitle(pane.title) : '(closed)'}`
    if (e.kind === 'alert')
      return {
        paneId: e.paneId,
        who,
        what: `notified: ${e.alert ? alertWords(e.alert) : 'rang the bell'} ${describeAge(summary.to - e.since)} ago`,
        ongoing: false,
      }
    if (e.kind === 'finished' || e.kind === 'asked')
      return { paneId: e.paneId, who, what: `${WAITED[e.kind][0]} ${describeAge(summary.to - e.since)} ago`, ongoing: false }
    if (e.until === null) return { paneId: e.paneId, who, what: `${WAITED[e.kind][0]}, ${describeAge(summary.to - e.since)} so far`, ongoing: true }
    return { paneId: e.paneId, who, what: `${WAITED[e.kind][1]} for ${describeAge(e.until - e.since)}`, ongoing: false }
  })
}
