import { dialogBody, dialogFingerprint } from '../../core/answer/dialogFingerprint'
import { denyKey, freeTextKey, optionsAnswerable } from '../../core/answer/dialogKeys'
import type { DialogSnapshot } from '../../shared/domain/answer'
import type { Pane } from '../panes/pane'

/**
 * The dialog a pane shows at this moment, never a cached one: the mirror is settled first (every
 * byte the program wrote is on the screen), and the screen rules are run again on that screen.
 * If they no longer find the dialog the verdict names — the status engine evaluates a few ms
 * after the screen changes — the dialog counts as closed.
 */
export async function liveDialog(pane: Pane): Promise<DialogSnapshot> {
  const { verdict, dialog, onScreen, dialogReport } = await pane.live()
  const agent = pane.agent
  const keys = pane.knowledge?.dialogKeys ?? null
  const base = { paneId: pane.id, state: verdict.state, since: verdict.since, agent, optionLabels: keys?.optionLabels ?? [] }
  const none: DialogSnapshot = { ...base, dialog: null, fingerprint: null, optionsAnswerable: false, denyAnswerable: false, freeTextKey: null }
  if (!dialog || (verdict.state !== 'blocked' && verdict.state !== 'question')) return none
  // (A dialog no rule names may have its kind from the agent's report: blocked on screen, question by the report.)
  if (onScreen !== 'blocked' && onScreen !== 'question') return none

  const fingerprint = dialogFingerprint({
    state: verdict.state,
    since: verdict.since,
    dialog,
    body: dialogBody(pane.screen().lines, dialog),
    requestId: dialogReport && `${dialogReport.event}@${dialogReport.at}`,
  })
  return {
    ...base,
    dialog,
    fingerprint,
    optionsAnswerable: optionsAnswerable(keys, dialog),
    denyAnswerable: denyKey(keys) !== null,
    freeTextKey: freeTextKey(keys, dialog),
  }
}
