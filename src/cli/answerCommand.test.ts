import { describe, expect, it } from 'vitest'
import type { DialogSnapshot } from '../shared/domain/answer'
import { parseCli } from './args'
import { answerRequest, dialogText, pickOption, type AnswerCommand } from './answerCommand'

const OPTIONS = [
  { key: '1', label: 'Yes' },
  { key: '2', label: "Yes, and don't ask again for touch commands" },
  { key: '3', label: 'No' },
]
const snap = (over: Partial<DialogSnapshot> = {}): DialogSnapshot => ({
  paneId: '3',
  state: 'blocked',
  since: 1,
  agent: 'claude',
  dialog: { kind: 'permission', title: 'Do you want to proceed?', options: OPTIONS },
  fingerprint: 'dlg-now',
  optionsAnswerable: true,
  denyAnswerable: true,
  freeTextKey: null,
  optionLabels: OPTIONS.map((o) => o.label),
  ...over,
})
const command = (args: string[]) => parseCli(['answer', ...args]).command as AnswerCommand

describe('switchboard answer', () => {
  it('parses an option, text, deny, or nothing (show the dialog)', () => {
    expect(command(['3', '1'])).toEqual({ name: 'answer', pane: '3', answer: { kind: 'option', option: '1' } })
    expect(command(['3', 'Yes, and'])).toMatchObject({ answer: { kind: 'option', option: 'Yes, and' } })
    expect(command(['3', '--text', 'go on', '--send-anyway'])).toMatchObject({ answer: { kind: 'text', text: 'go on', sendAnyway: true } })
    expect(command(['3', '--deny', '--dialog', 'dlg-x'])).toEqual({ name: 'answer', pane: '3', answer: { kind: 'deny' }, dialog: 'dlg-x' })
    expect(command(['3'])).toEqual({ name: 'answer', pane: '3', answer: null })
    expect(() => command(['3', '1', '--deny'])).toThrow('give one of OPTION, --text TEXT or --deny')
    expect(() => command(['3', '--send-anyway'])).toThrow('--send-anyway goes with --text')
    expect(() => command(['3', '--dialog', 'dlg-x'])).toThrow('--dialog goes with OPTION or --deny')
    expect(() => command(['3', 'Yes,', 'and'])).toThrow(/unexpected argument "and" \(quote an option label/)
    expect(() => command([])).toThrow(/which pane/)
  })

  it('finds the option by key, whole label or the start of one label', () => {
    expect(pickOption(OPTIONS, '3')).toEqual(OPTIONS[2])
    expect(pickOption(OPTIONS, 'yes')).toEqual(OPTIONS[0])
    expect(pickOption(OPTIONS, 'no')).toEqual(OPTIONS[2])
    expect(pickOption(OPTIONS, "Yes, and don't")).toEqual(OPTIONS[1])
    expect(pickOption(OPTIONS, 'Ye')).toBe(`"Ye" starts more than one option: 1 (Yes), 2 (Yes, and don't ask again for touch commands), 3 (No); give its key`)
    expect(pickOption(OPTIONS, '4')).toMatch(/^the dialog has no option "4"; its options are 1 \(Yes\)/)
  })

  it('binds the answer to the dialog read now, or to the one --dialog names', () => {
    expect(answerRequest(command(['3', 'yes']), snap())).toEqual({ kind: 'option', key: '1', fingerprint: 'dlg-now' })
    expect(answerRequest(command(['3', '--deny', '--dialog', 'dlg-seen']), snap())).toEqual({ kind: 'deny', fingerprint: 'dlg-seen' })
    expect(answerRequest(command(['3', '1']), snap({ state: 'working', dialog: null, fingerprint: null }))).toBe(
      'pane 3 shows no dialog (it is working); nothing was sent',
    )
    // Text at a prompt says what the CLI saw; text on a question with a free-text option fills it.
    expect(answerRequest(command(['3', '--text', 'hi']), snap({ state: 'idle', dialog: null, fingerprint: null }))).toEqual({
      kind: 'text',
      text: 'hi',
      seen: 'idle',
    })
    expect(answerRequest(command(['3', '--text', 'Redis please']), snap({ state: 'question', freeTextKey: '4' }))).toEqual({
      kind: 'free-text',
      key: '4',
      text: 'Redis please',
      fingerprint: 'dlg-now',
    })
    // Text on a permission dialog goes to the guard, which refuses it (text never answers a dialog).
    expect(answerRequest(command(['3', '--text', 'y']), snap())).toEqual({ kind: 'text', text: 'y', seen: 'blocked' })
  })

  it('shows the dialog with its keys and its id', () => {
    expect(dialogText(snap())).toBe(
      [
        'pane 3 is blocked: Do you want to proceed?',
        '  1    Yes',
        "  2    Yes, and don't ask again for touch commands",
        '  3    No',
        '  Esc  deny (--deny)',
        'dialog dlg-now',
        'answer: switchboard answer 3 OPTION (a key, or a label) | --deny  [--dialog dlg-now]',
      ].join('\n'),
    )
  })
})
