import { dialogBody, dialogFingerprint } from '../../core/answer/dialogFingerprint'
import { denyKey, freeTextKey, optionsAnswerable } from '../../core/answer/dialogKeys'
import type { DialogSnapshot } from '../../shared/domain/answer'
import type { Pane } from '../panes/pane'

/** The agent's report behind an open dialog (its event and time), from the status engine's memory. */
function dialogRequest(channels: Readonly<Record<string, unknown>>): string | null {
  const report = channels.report as { event?: unknown; at?: unknown; state?: unknown } | null | undefined
  if (!report || (report.state !== 'blocked' && report.state !== 'question')) return null
  return `${String(report.event)}@${String(report.at)}`
}

/**
 * The dialog a pane shows at this moment, never a cached one: the mirror is settled first (every
 * byte the program wrote is on the screen), and the screen rules are run again on that screen.
 * If they no longer find the dialog the verdict names — the status engine evaluates a few ms
 * after the screen changes — the dialog counts as closed.
 */
export async function liveDialog(pane: Pane): Promise<DialogSnapshot> {
  await pane.settled()
  const info = pane.info()
  const { verdict, agent } = info
  const base = { paneId: pane.id, state: verdict.state, since: verdict.since, agent }
  const none: DialogSnapshot = { ...base, dialog: null, fingerprint: null, optionsAnswerable: false, denyAnswerable: false, freeTextKey: null }
  if (!info.dialog || (verdict.state !== 'blocked' && verdict.state !== 'question')) return none

  const explanation = pane.explain()
  const onScreen = explanation.rules.find((r) => r.matched)
  if (onScreen?.state !== verdict.state) return none

  const fingerprint = dialogFingerprint({
    state: verdict.state,
    since: verdict.since,
    dialog: info.dialog,
    body: dialogBody(pane.screen().lines, info.dialog),
    requestId: dialogRequest(explanation.channels),
  })
  return {
    ...base,
    dialog: info.dialog,
    fingerprint,
    optionsAnswerable: optionsAnswerable(agent, info.dialog),
    denyAnswerable: denyKey(agent) !== null,
    freeTextKey: freeTextKey(agent, info.dialog),
  }
}
