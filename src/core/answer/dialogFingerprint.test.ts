import { describe, expect, it } from 'vitest'
import type { DialogInfo } from '../../shared/domain/pane'
import { DialogSightings, dialogBody, dialogFingerprint, RESIZE_REDRAW_MS, type DialogInstance } from './dialogFingerprint'

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
    expect(
      dialogBody(['   ❯ 1. Yes', '  2. No', 'other'], {
        kind: 'permission',
        title: '',
        options: [
          { key: '1', label: 'Yes' },
          { key: '2', label: 'No' },
        ],
      }),
    ).toEqual(['1. Yes', '2. No'])
  })
})

describe("a dialog's own rows: its box, or the rule over it", () => {
  const CLARIFY: DialogInfo = {
    kind: 'question',
    title: 'Hermes needs your input',
    options: [
      { key: '1', label: 'SQLite' },
      { key: '2', label: 'Postgres' },
      { key: '3', label: 'Other (type your answer)' },
    ],
  }
  const box = [
    '╭─ Hermes needs your input ──────────────────────╮',
    '│                                                │',
    '│ Which database should it use?                  │',
    '│                                                │',
    '│ ❯ 1. SQLite                                    │',
    '│   2. Postgres                                  │',
    '│   3. Other (type your answer)                  │',
    '│                                                │',
    '╰────────────────────────────────────────────────╯',
  ]
  const RULE = '────────────────────────────────────────'

  // Hermes 0.19.0 prints its transcript above the box from another thread: the recordings have the
  // prompt, the rules, the blank row and "preparing clarify…" in either order, and a read may come
  // before that row is printed. hermes.test in CI: a free-text answer refused as "a different dialog"
  // for the one the user had just read.
  it('leaves out what Hermes prints above its box, in whatever order it lands', () => {
    const asRecorded120 = ['', RULE, '● [STEP8] Pick a database', RULE, '', '  ┊ ❓ preparing clarify…', ...box]
    const asRecorded80 = [RULE, '', '● [STEP8] Pick a database', RULE, '  ┊ ❓ preparing clarify…', ...box]
    const beforeThatRow = ['', RULE, '● [STEP8] Pick a database', RULE, '', ...box]
    const bodies = [asRecorded120, asRecorded80, beforeThatRow].map((lines) => dialogBody(lines, CLARIFY))
    expect(bodies[0]).toEqual([
      '╭─ Hermes needs your input ──────────────────────╮',
      '│ │',
      '│ Which database should it use? │',
      '│ │',
      '│ 1. SQLite │',
      '│ 2. Postgres │',
      '│ 3. Other (type your answer) │',
    ])
    expect(bodies[1]).toEqual(bodies[0])
    expect(bodies[2]).toEqual(bodies[0])
    // Its cursor, inside the box's border, moved by ↑/↓: still that dialog.
    const moved = beforeThatRow.map((l) => l.replace('│ ❯ 1.', '│   1.').replace('│   3.', '│ ❯ 3.'))
    expect(dialogBody(moved, CLARIFY)).toEqual(bodies[0])
  })

  it("starts at the box's top when the title is inside it, and at the rule over a dialog drawn under one", () => {
    const approval = [
      '● [STEP5] Clean the build output',
      RULE,
      '',
      '  ┊ 💻 preparing terminal…',
      '╭──────────────╮',
      '│ ⚠️  Dangerous Command │',
      '│ rm -rf dist │',
      '│ ❯ 1. Allow once │',
    ]
    const dangerous: DialogInfo = { kind: 'permission', title: 'Dangerous Command', options: [{ key: '1', label: 'Allow once' }] }
    expect(dialogBody(approval, dangerous)).toEqual(['╭──────────────╮', '│ ⚠️ Dangerous Command │', '│ rm -rf dist │', '│ 1. Allow once │'])
    // Claude Code: the rule over the dialog is its top; the transcript's rows above it are not the dialog.
    const short = claudeScreen('touch x.txt').filter((l) => l !== '   Create empty file x.txt')
    expect(dialogBody(short, DIALOG)[0]).toBe('────────────────────────────────────────────────────────')
  })
})

describe('one dialog across terminal sizes (issue 17 item 5)', () => {
  /** The same dialog rewrapped for a narrower pane: its command is on two rows there. */
  const narrow = () => claudeScreen('touch x.txt').flatMap((l) => (l.includes('Create empty file') ? ['   Create empty', '   file x.txt'] : [l]))
  const print = (lines: string[], extra: Partial<DialogInstance> = {}) => dialogFingerprint(instance(lines, extra))

  it('knows the fingerprint taken before a resize as the same instance', () => {
    const seen = new DialogSightings()
    const wide = print(claudeScreen('touch x.txt'))
    expect(seen.see(instance(claudeScreen('touch x.txt')), { cols: 120, rows: 32 }, wide, 10000)).toEqual([])
    const after = print(narrow())
    expect(after).not.toBe(wide)
    expect(seen.see(instance(narrow()), { cols: 100, rows: 30 }, after, 20000)).toEqual([wide])
    // Back at the first size, drawn the same: still that one instance.
    expect(seen.see(instance(claudeScreen('touch x.txt')), { cols: 120, rows: 32 }, wide, 30000)).toEqual([after])
  })

  it('takes it while the redraw for the resize arrives in pieces, and not once that is over', () => {
    const seen = new DialogSightings()
    const wide = print(claudeScreen('touch x.txt'))
    seen.see(instance(claudeScreen('touch x.txt')), { cols: 120, rows: 32 }, wide, 0)
    // The first read at the new size caught half the redraw (the command row not yet rewrapped)…
    const half = narrow().slice(0, -2)
    expect(seen.see(instance(half), { cols: 100, rows: 30 }, print(half), 5_000)).toEqual([wide])
    // …the answer's read, a moment later, the whole of it: still the dialog read before the resize.
    expect(seen.see(instance(narrow()), { cols: 100, rows: 30 }, print(narrow()), 5_000 + RESIZE_REDRAW_MS)).toEqual([wide])
    // Other rows at that size once the redraw is over: another dialog.
    expect(
      seen.see(instance(claudeScreen('rm -rf ./tmpdir')), { cols: 100, rows: 30 }, print(claudeScreen('rm -rf ./tmpdir')), 5_001 + RESIZE_REDRAW_MS),
    ).toEqual([])
  })

  it('never takes another dialog for it: other rows at the same size, another state or request, or none in between', () => {
    const seen = new DialogSightings()
    const first = print(claudeScreen('touch x.txt'))
    seen.see(instance(claudeScreen('touch x.txt')), { cols: 120, rows: 32 }, first, 40000)
    // Another command at the same size: another dialog, whatever was seen before.
    const other = print(claudeScreen('rm -rf ./tmpdir'))
    expect(seen.see(instance(claudeScreen('rm -rf ./tmpdir')), { cols: 120, rows: 32 }, other, 50000)).toEqual([])
    expect(seen.see(instance(narrow()), { cols: 100, rows: 30 }, print(narrow()), 60000)).toEqual([other])
    // Reopened (a new state entered), or another request reported: a new instance at any size.
    expect(seen.see(instance(narrow(), { since: 5000 }), { cols: 100, rows: 30 }, print(narrow(), { since: 5000 }), 65000)).toEqual([])
    expect(seen.see(instance(claudeScreen('touch x.txt'), { since: 5000, requestId: 'PermissionRequest@4990' }), { cols: 120, rows: 32 }, 'x', 70000)).toEqual(
      [],
    )
    seen.clear()
    expect(seen.see(instance(claudeScreen('touch x.txt')), { cols: 120, rows: 32 }, first, 80000)).toEqual([])
  })

  it("takes the agent's report arriving after the screen showed the dialog for the same instance, and nothing else (hermes.test in CI)", () => {
    const seen = new DialogSightings()
    const rows = claudeScreen('touch x.txt')
    const unreported = print(rows)
    seen.see(instance(rows), { cols: 120, rows: 32 }, unreported, 0)
    const reported = print(rows, { requestId: 'PermissionRequest@40' })
    expect(seen.see(instance(rows, { requestId: 'PermissionRequest@40' }), { cols: 120, rows: 32 }, reported, 50)).toEqual([unreported])
    // Read again later, and at another size: the one seen before the report is still it.
    expect(
      seen.see(instance(narrow(), { requestId: 'PermissionRequest@40' }), { cols: 100, rows: 30 }, print(narrow(), { requestId: 'PermissionRequest@40' }), 90),
    ).toEqual([reported, unreported])
    // A second request replacing the first: another dialog, and none of the earlier prints are it.
    const again = print(narrow(), { requestId: 'PermissionRequest@95' })
    expect(seen.see(instance(narrow(), { requestId: 'PermissionRequest@95' }), { cols: 100, rows: 30 }, again, 100)).toEqual([])
  })

  it('does not take a report for the dialog seen before it when the rows changed with it: another dialog came with the report', () => {
    const seen = new DialogSightings()
    const first = print(claudeScreen('touch x.txt'))
    seen.see(instance(claudeScreen('touch x.txt')), { cols: 120, rows: 32 }, first, 0)
    const other = claudeScreen('rm -rf ./tmpdir')
    const reported = print(other, { requestId: 'PermissionRequest@40' })
    expect(seen.see(instance(other, { requestId: 'PermissionRequest@40' }), { cols: 120, rows: 32 }, reported, 50)).toEqual([])
  })
})
