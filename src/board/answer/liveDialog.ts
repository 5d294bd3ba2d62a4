import { DialogSightings, dialogBody, dialogFingerprint } from '../../core/answer/dialogFingerprint'
import { denyKey, freeTextKey, optionsAnswerable } from '../../core/answer/dialogKeys'
import type { DialogSnapshot } from '../../shared/domain/answer'
import { isDialogState } from '../../shared/domain/pane'
import type { Pane } from '../panes/pane'

/**
 * The dialog a pane shows at this moment, never a cached one: the mirror is settled first (every
 * byte the program wrote is on the screen), and the screen rules are run again on that screen.
 * If they no longer find the dialog the verdict names — the status engine evaluates a few ms
 * after the screen changes — the dialog counts as closed.
 */
export async function liveDialog(pane: Pane): Promise<DialogSnapshot> {
  return (await liveDialogInstance(pane)).snapshot
}

/** Each pane's dialog instance across the sizes it was shown at. */
const sightings = new WeakMap<Pane, DialogSightings>()

/** The live dialog, and the fingerprints the same instance had at other terminal sizes (the answer guard takes those too). */
export async function liveDialogInstance(pane: Pane): Promise<{ snapshot: DialogSnapshot; sameDialog: readonly string[] }> {
  const { verdict, dialog, onScreen, dialogReport } = await pane.live()
  const agent = pane.agent
  const keys = pane.knowledge?.dialogKeys ?? null
  const base = { paneId: pane.id, state: verdict.state, since: verdict.since, agent, optionLabels: keys?.optionLabels ?? [] }
  const none: DialogSnapshot = { ...base, dialog: null, fingerprint: null, optionsAnswerable: false, denyAnswerable: false, freeTextKey: null }
  let seen = sightings.get(pane)
  if (!seen) sightings.set(pane, (seen = new DialogSightings()))
  // (A dialog no rule names may have its kind from the agent's report: blocked on screen, question by the report.)
  const verdictDialog = isDialogState(verdict.state)
  if (!dialog || !verdictDialog || !isDialogState(onScreen)) {
    // A verdict that still names the dialog over a screen that shows none is a frame of its redraw
    // (a resize clears the screen first): what was seen of the instance still counts when it is back.
    if (!verdictDialog) seen.clear()
    return { snapshot: none, sameDialog: [] }
  }

  const screen = pane.screen()
  const instance = {
    state: verdict.state,
    since: verdict.since,
    dialog,
    body: dialogBody(screen.lines, dialog),
    requestId: dialogReport && `${dialogReport.event}@${dialogReport.at}`,
  }
  const fingerprint = dialogFingerprint(instance)
  const sameDialog = seen.see(instance, { cols: screen.cols, rows: screen.rows }, fingerprint, pane.clock.now())
  const snapshot: DialogSnapshot = {
    ...base,
    dialog,
    fingerprint,
    optionsAnswerable: optionsAnswerable(keys, dialog),
    denyAnswerable: denyKey(keys) !== null,
    freeTextKey: freeTextKey(keys, dialog),
  }
  return { snapshot, sameDialog }
}
