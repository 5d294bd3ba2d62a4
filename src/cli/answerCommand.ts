/**
 * `switchboard answer PANE (OPTION | --text TEXT | --deny)`: the answer box from a terminal, through
 * the same guard (main's `pane:answer`). An answer to a dialog is bound to the dialog on screen
 * when the CLI reads it (or to the one `--dialog` names, as `answer PANE` printed it): changed or
 * closed by the time it is sent, nothing is sent and the exit code is 1 with the reason. Unlike
 * `write`, nothing reaches the program unchecked.
 */
import type { DialogSnapshot } from '../shared/domain/answer'
import type { DialogOption } from '../shared/domain/pane'
import type { AnswerRequest, BoardApi } from '../shared/ipc/contract'
import { parseUsage, UsageError } from '../board/util/usage'
import { paneArg } from './paneArg'

export type AnswerCommand = {
  name: 'answer'
  pane: string
  /** What to send; null: print the dialog on screen and how to answer it. */
  answer: { kind: 'option'; option: string } | { kind: 'text'; text: string; sendAnyway: boolean } | { kind: 'deny' } | null
  /** The dialog instance the answer is meant for (a fingerprint `answer PANE` printed); absent: the one on screen now. */
  dialog?: string
}

const OPTIONS = {
  text: { type: 'string' },
  deny: { type: 'boolean' },
  'send-anyway': { type: 'boolean' },
  dialog: { type: 'string' },
} as const

/** Null when `name` is not `answer`; throws a UsageError for a bad command line. */
export function parseAnswerCommand(name: string | undefined, args: readonly string[]): AnswerCommand | null {
  if (name !== 'answer') return null
  const { values, positionals } = parseUsage({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }, 'answer')
  const pane = paneArg(positionals[0], 'answer')
  if (positionals.length > 2) throw new UsageError(`answer: unexpected argument ${JSON.stringify(positionals[2])} (quote an option label of several words)`)
  const option = positionals[1]
  const given = [option !== undefined, values.text !== undefined, values.deny === true].filter(Boolean).length
  if (given > 1) throw new UsageError('answer: give one of OPTION, --text TEXT or --deny')
  if (values['send-anyway'] && values.text === undefined) throw new UsageError('answer: --send-anyway goes with --text (it types into a pane that is busy)')
  if (values.dialog !== undefined && (values.text !== undefined || given === 0))
    throw new UsageError('answer: --dialog goes with OPTION or --deny (it names the dialog they answer)')
  const answer: AnswerCommand['answer'] =
    option !== undefined
      ? { kind: 'option', option }
      : values.text !== undefined
        ? { kind: 'text', text: values.text, sendAnyway: values['send-anyway'] === true }
        : values.deny
          ? { kind: 'deny' }
          : null
  return { name: 'answer', pane, answer, ...(values.dialog !== undefined ? { dialog: values.dialog } : {}) }
}

/** The option the user named: by key, by its whole label, or by the start of exactly one label (case aside). */
export function pickOption(options: readonly DialogOption[], given: string): DialogOption | string {
  const byKey = options.find((o) => o.key === given)
  if (byKey) return byKey
  const wanted = given.trim().toLowerCase()
  const byLabel = options.filter((o) => o.label.toLowerCase() === wanted)
  if (byLabel.length === 1) return byLabel[0]!
  const byStart = options.filter((o) => o.label.toLowerCase().startsWith(wanted))
  if (wanted && byStart.length === 1) return byStart[0]!
  const list = options.map((o) => `${o.key} (${o.label})`).join(', ')
  return byStart.length > 1
    ? `${JSON.stringify(given)} starts more than one option: ${list}; give its key`
    : `the dialog has no option ${JSON.stringify(given)}; its options are ${list}`
}

/** `answer PANE`: the dialog on screen, its options by key, and how to answer. */
export function dialogText(snap: DialogSnapshot): string {
  const d = snap.dialog!
  const lines = [`pane ${snap.paneId} is ${snap.state}: ${d.title || (d.kind === 'question' ? 'a question' : 'a permission dialog')}`]
  const width = Math.max(3, ...d.options.map((o) => o.key.length))
  for (const o of d.options) lines.push(`  ${o.key.padEnd(width)}  ${o.label}${o.key === snap.freeTextKey ? '  (takes --text)' : ''}`)
  if (snap.denyAnswerable) lines.push(`  ${'Esc'.padEnd(width)}  deny (--deny)`)
  lines.push(`dialog ${snap.fingerprint}`)
  if (!snap.optionsAnswerable)
    lines.push(
      `Switchboard does not know the keys that answer ${snap.agent ?? 'this program'}'s dialog: answer it in the terminal (\`switchboard attach ${snap.paneId}\`).`,
    )
  else
    lines.push(
      `answer: switchboard answer ${snap.paneId} OPTION (a key, or a label) | --deny${snap.freeTextKey ? ' | --text TEXT' : ''}  [--dialog ${snap.fingerprint}]`,
    )
  return lines.join('\n')
}

/** What to ask the board for, from the dialog read just now; a string says why nothing can be sent. */
export function answerRequest(command: AnswerCommand, snap: DialogSnapshot): AnswerRequest | string {
  const answer = command.answer!
  const inDialog = snap.dialog !== null && snap.fingerprint !== null
  const fingerprint = command.dialog ?? snap.fingerprint
  if (answer.kind === 'text') {
    // A question's "Type something." takes text as its answer; any other dialog takes none (the guard says so).
    if (inDialog && snap.freeTextKey) return { kind: 'free-text', key: snap.freeTextKey, text: answer.text, fingerprint: fingerprint! }
    return { kind: 'text', text: answer.text, seen: snap.state, ...(answer.sendAnyway ? { sendAnyway: true } : {}) }
  }
  if (!inDialog || fingerprint === null)
    return `pane ${snap.paneId} shows no dialog (it is ${snap.state}); nothing was sent${snap.state === 'idle' || snap.state === 'asked' || snap.state === 'input' ? ` (\`switchboard answer ${snap.paneId} --text TEXT\` answers its prompt)` : ''}`
  if (answer.kind === 'deny') return { kind: 'deny', fingerprint }
  const option = pickOption(snap.dialog!.options, answer.option)
  if (typeof option === 'string') return `${option}; nothing was sent`
  return { kind: 'option', key: option.key, fingerprint }
}

export async function runAnswerCommand(
  command: AnswerCommand,
  client: BoardApi,
  io: { out: (text: string) => void; err: (text: string) => void },
): Promise<number> {
  const snap = await client.invoke('pane:dialog', command.pane)
  if (command.answer === null) {
    if (!snap.dialog || !snap.fingerprint) {
      io.err(`switchboard: pane ${snap.paneId} shows no dialog (it is ${snap.state})\n`)
      return 1
    }
    io.out(dialogText(snap) + '\n')
    return 0
  }
  const request = answerRequest(command, snap)
  if (typeof request === 'string') {
    io.err(`switchboard: ${request}\n`)
    return 1
  }
  const result = await client.invoke('pane:answer', command.pane, request)
  if (!result.ok) {
    io.err(`switchboard: pane ${command.pane}: ${result.message}\n`)
    return 1
  }
  io.out(`pane ${command.pane}: sent ${result.sent}\n`)
  return 0
}
