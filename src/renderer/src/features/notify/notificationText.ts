import type { PaneInfo } from '../../../../shared/domain/pane'
import type { AttentionKind } from '../../../../core/notify/notifyPolicy'
import { askedQuestion, cleanTitle, shortPath } from '../../lib/format'

const HEADLINE: Record<AttentionKind, string> = {
  blocked: 'blocked — a permission dialog waits',
  question: 'asks a question',
  input: 'waits for input',
  asked: 'asked something',
  finished: 'finished its turn',
}

/** The words of a notification: which pane, what it waits for, and where it runs. */
export function notificationText(pane: PaneInfo, kind: AttentionKind): { title: string; body: string } {
  const who = `#${pane.id} ${cleanTitle(pane.title)}`
  const evidence = pane.verdict.evidence[0]?.detail ?? ''
  const detail = (kind === 'blocked' || kind === 'question') && pane.dialog?.title ? pane.dialog.title : kind === 'asked' && evidence ? askedQuestion(evidence) : evidence
  const where = `${pane.agent ?? 'pane'} in ${shortPath(pane.cwd, 2)}`
  return { title: `${who} ${HEADLINE[kind]}`, body: detail ? `${detail}\n${where}` : where }
}
