import type { PaneInfo } from '../../../../shared/domain/pane'
import type { AttentionKind } from '../../../../core/notify/notifyPolicy'
import { askedQuestion, cleanTitle, shortPath } from '../../lib/format'

const HEADLINE: Record<AttentionKind, string> = {
  blocked: 'needs your permission',
  question: 'asks you a question',
  input: 'waits for your input',
  asked: 'asks you',
  finished: 'finished its turn',
  alert: 'notified',
}

/**
 * What the pane wants, in the user's words: the agent's own ask from its report ("Run `touch
 * x.txt`?", the question's text, the reply's last sentence), else the dialog's title, else a
 * plain description. Never an event name or a rule id: those stay in the evidence (rawEvidence).
 */
export function whatItWants(pane: PaneInfo, kind: AttentionKind): string {
  const ask = pane.verdict.evidence.find((e) => e.ask)?.ask
  if (kind === 'finished') return 'The turn ended while you were elsewhere.'
  if (kind === 'alert') return 'The program sent a notification.'
  if (ask) return ask
  if ((kind === 'blocked' || kind === 'question') && pane.dialog?.title) return pane.dialog.title
  if (kind === 'input') return `${runningWhat(pane)} waits for what you type.`
  if (kind === 'asked') {
    // An older board's evidence: `Stop …: reply ends "…?"`.
    const reply = pane.verdict.evidence.find((e) => /reply ends "/.test(e.detail))?.detail
    if (reply) return askedQuestion(reply)
    return 'Its reply ends with a question.'
  }
  return kind === 'blocked' ? 'A permission dialog waits for you.' : 'A question waits for your choice.'
}

/** The program that reads the terminal: the one it started in front, else the pane's own program by name. */
function runningWhat(pane: PaneInfo): string {
  if (pane.foreground && !pane.foreground.isRoot && pane.foreground.argv.length) {
    const line = pane.foreground.argv.join(' ')
    return line.length > 60 ? `${line.slice(0, 59)}…` : line
  }
  return pane.command[0]?.split('/').pop() || 'The program'
}

/** The evidence behind the verdict, one signal a line, for a tooltip or explain. */
export function rawEvidence(pane: PaneInfo): string {
  return pane.verdict.evidence.map((e) => `${e.source}: ${e.detail}`).join('\n')
}

/** The words of a notification: which pane, what it wants, and where it runs. */
export function notificationText(pane: PaneInfo, kind: AttentionKind): { title: string; body: string } {
  const who = `#${pane.id} ${cleanTitle(pane.title)}`
  const where = `${pane.agent ?? 'pane'} in ${shortPath(pane.cwd, 2)}`
  return { title: `${who} ${HEADLINE[kind]}`, body: `${whatItWants(pane, kind)}\n${where}` }
}

type AlertWords = { readonly title: string; readonly body: string; readonly source: string }

/** What a program's notification says: its title and body, or that it rang the bell. */
export function alertWords(alert: AlertWords): string {
  return [alert.title, alert.body].filter(Boolean).join(': ') || 'rang the bell'
}

/** A program's own notification (OSC 9/777/99, the bell), with its source. */
export function programAlertText(pane: PaneInfo, alert: AlertWords): { title: string; body: string } {
  const who = `#${pane.id} ${cleanTitle(pane.title)}`
  const text = alertWords(alert)
  return { title: `${who}: ${text}`, body: `from ${alert.source} · ${pane.agent ?? pane.command[0] ?? 'pane'} in ${shortPath(pane.cwd, 2)}` }
}
