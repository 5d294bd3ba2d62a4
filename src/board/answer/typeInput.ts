import { typeAhead } from '../../core/answer/typeAhead'
import type { Clock } from '../../core/lifecycle/clock'
import type { TypeResult } from '../../shared/domain/answer'
import type { SeenVerdict } from '../../shared/ipc/contract'
import { BoardError } from '../../shared/ipc/errors'
import type { Pane } from '../panes/pane'
import { freshVerdict } from './freshVerdict'

/**
 * Keystrokes typed into a terminal view. Checked against the pane's verdict here, in main, because
 * only main knows when the pane really flipped: the view learns it one event later, and keys typed
 * in between would otherwise reach the dialog. Held keys are not written; the view shows them
 * and sends them with `pane:write` once the user confirms.
 */
export async function typeInput(pane: Pane, data: string, seen: SeenVerdict, clock: Clock): Promise<TypeResult> {
  if (pane.exit) throw new BoardError('exited', `pane ${pane.id} has exited; nothing reads its input`)
  const decision = typeAhead(await freshVerdict(pane, clock), seen, data, clock.now())
  if (decision.hold) return { delivered: false, reason: decision.reason }
  if (pane.exit) throw new BoardError('exited', `pane ${pane.id} has exited; nothing reads its input`)
  pane.write(data)
  return { delivered: true }
}
