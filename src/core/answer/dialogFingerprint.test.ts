import { describe, expect, it } from 'vitest'
import type { DialogInfo } from '../../shared/domain/pane'
import { dialogBody, dialogFingerprint, type DialogInstance } from './dialogFingerprint'

const DIALOG: DialogInfo = {
  kind: 'permission',
  title: 'Do you want to proceed?',
  options: [
    { key: '1', label: 'Yes' },
    { key: '2', label: 'Yes, and always allow access to work/ from this project' },
    { key: '3', label: 'No' },
  ],
}

/** Claude Code 2.1.197's permission dialog as rendered (fixtures/claude/README.md). */
function claudeScreen(command: string, cursorOn = 1): string[] {
  const opt = (n: number, label: string) => `${n === cursorOn ? ' ❯ ' : '   '}${n}. ${label}`
  return [
    '● I will create the file.',
    '',
    `● Bash(${command})`,
    '  ⎿  Waiting…',
    '',
    '────────────────────────────────────────────────────────',
    ' Bash command',
    '',
    `   ${command}`,
    '   Create empty file x.txt',
    '',
    ' Do you want to proceed?',
    opt(1, 'Yes'),
    opt(2, 'Yes, and always allow access to work/ from this project'),
    opt(3, 'No'),
    '',
    ' Esc to cancel · Tab to amend · ctrl+e to explain',
  ]
}

const instance = (lines: string[], extra: Partial<DialogInstance> = {}): DialogInstance => ({
  state: 'blocked',
  since: 1000,
  dialog: DIALOG,
  body: dialogBody(lines, DIALOG),
  requestId: null,
  ...extra,
})

describe('dialog fingerprint', () => {
  it('covers the command the dialog asks about, from the rows above its title to its last option', () => {
    const body = dialogBody(claudeScreen('touch x.txt'), DIALOG)
    expect(body).toEqual([
      '────────────────────────────────────────────────────────',
      'Bash command',
      'touch x.txt',
      'Create empty file x.txt',
      'Do you want to proceed?',
      '1. Yes',
      '2. Yes, and always allow access to work/ from this project',
      '3. No',
    ])
  })

  it('tells apart two dialogs with the same title and options', () => {
    const a = dialogFingerprint(instance(claudeScreen('touch x.txt')))
    const b = dialogFingerprint(instance(claudeScreen('rm -rf ./tmpdir')))
    expect(a).toMatch(/^dlg-[0-9a-f]{16}$/)
    expect(a).not.toBe(b)
  })

  it('is stable for the same dialog, wherever the cursor is', () => {
    const a = dialogFingerprint(instance(claudeScreen('touch x.txt', 1)))
    expect(dialogFingerprint(instance(claudeScreen('touch x.txt', 3)))).toBe(a)
    expect(dialogFingerprint(instance([...claudeScreen('touch x.txt', 2), '', 'footer text that changes']))).toBe(a)
  })

  it('changes when the dialog was closed and reopened, or the agent reported another request', () => {
    const lines = claudeScreen('touch x.txt')
    const a = dialogFingerprint(instance(lines))
    expect(dialogFingerprint(instance(lines, { since: 2000 }))).not.toBe(a)
    expect(dialogFingerprint(instance(lines, { requestId: 'PermissionRequest@990' }))).not.toBe(a)
    expect(dialogFingerprint(instance(lines, { state: 'question' }))).not.toBe(a)
  })

  it('falls back to the option rows when the title is not on screen', () => {
    expect(dialogBody(['   ❯ 1. Yes', '  2. No', 'other'], { kind: 'permission', title: '', options: [{ key: '1', label: 'Yes' }, { key: '2', label: 'No' }] })).toEqual(['1. Yes', '2. No'])
  })
})
