import { isDialogState } from '../../shared/domain/pane'
import type { VerdictView } from '../../core/answer/typeAhead'
import type { Clock } from '../../core/lifecycle/clock'
import type { Pane } from '../panes/pane'

/**
 * The pane's verdict as of this instant: the mirror settled, and a dialog already on screen
 * counted even before the status engine evaluated it (it runs a few ms after each change). Input
 * must never slip into a dialog in that gap.
 */
export async function freshVerdict(pane: Pane, clock: Clock): Promise<VerdictView> {
  const { verdict, onScreen } = await pane.live()
  if (isDialogState(verdict.state) || verdict.state === 'exited') return verdict
  return isDialogState(onScreen) ? { state: onScreen, since: clock.now() } : verdict
}
