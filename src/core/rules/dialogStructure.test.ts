import { describe, expect, it } from 'vitest'
import { findDialogShape, isHintRow } from './dialogStructure'

const RULE = '─'.repeat(100)

// Real screens, replayed from recordings of the pinned CLIs (test/fixtures/<agent>/), trailing blanks cut.

/** Claude Code 2.1.332, AskUserQuestion with two questions (tabs); its hint names no rule's words. */
const CLAUDE_TWO_QUESTIONS = [
  '❯ [STEPQ2] plan the release',
  '',
  RULE,
  '←  ☐ Manager  ☐ Checks  ✔ Submit  →',
  '',
  'Who should own the release?',
  '',
  '❯ 1. Alice',
  '     Team lead',
  '  2. Bob',
  '     On call',
  '  3. Type something.',
  RULE,
  '  4. Chat about this',
  '',
  'Enter to select · Tab/Arrow keys to navigate · Esc to cancel',
]

/** The same question's multi-select tab: check boxes, the Submit row below them. */
const CLAUDE_MULTI_SELECT = [
  RULE,
  '←  ☒ Manager  ☐ Checks  ✔ Submit  →',
  '',
  'Which checks must pass first?',
  '',
  '❯ 1. [ ] Unit tests',
  '         fast',
  '  2. [✔] Lint',
  '         style',
  '  3. [ ] E2E',
  '         slow',
  '  4. [ ] Type something',
  '     Submit',
  RULE,
  '  5. Chat about this',
  '',
  'Enter to select · Tab/Arrow keys to navigate · Esc to cancel',
]

/** After Submit: the review tab. No key-hint row at all. */
const CLAUDE_REVIEW = [
  RULE,
  '←  ☒ Manager  ☒ Checks  ✔ Submit  →',
  '',
  'Review your answers',
  '',
  ' ● Who should own the release?',
  '   → Alice',
  ' ● Which checks must pass first?',
  '   → Unit tests, Lint',
  '',
  '❯ 1. Submit answers',
  '  2. Cancel',
]

/** Codex 0.171.0 at 50x16 (codex01710-80x24 resized while open). */
const CODEX_APPROVAL = [
  '',
  '  Would you like to run the following command?',
  '',
  '  Environment: local',
  '',
  '  Reason: Create the marker file',
  '',
  '  $ touch approved.txt',
  '',
  '',
  '› 1. Yes, proceed (y)',
  "  2. Yes, and don't ask again for commands that start with `touch approved.txt`",
  '     (p)',
  '  3. No, and tell Codex what to do differently (esc)',
  '',
  '  Press enter to confirm or esc to cancel',
]

/** OpenCode 1.18.33 at 120x32 and at 50x16: the choices side by side, the hints on their row or below. */
const OPENCODE_WIDE = [
  '  ┃  △ Permission required',
  '  ┃    # Shell command',
  '  ┃',
  '  ┃  $ echo harness-approved-marker',
  '  ┃',
  '  ┃',
  '  ┃   Allow once   Allow always   Reject  ctrl+f fullscreen  ⇆ select  enter confirm',
  '  ┃',
]
const OPENCODE_NARROW = [
  '  ┃  △ Permission required',
  '  ┃    # Shell command',
  '  ┃',
  '  ┃  $ echo harness-approved-marker',
  '  ┃',
  '  ┃',
  '  ┃   Allow once   Allow always   Reject',
  '  ┃',
  '  ┃  ctrl+f fullscreen  ⇆ select  enter confirm',
  '  ┃',
]

/** Pi 0.73.1's permission gate (the package's example extension), in place of its editor. */
const PI_GATE = [
  '',
  ' ⚠️ Dangerous command:',
  '',
  '   rm -rf ./harness-approved-tmp',
  '',
  ' Allow?',
  '',
  ' → Yes',
  '   No',
  '',
  ' ↑↓ navigate  enter select  escape/ctrl+c cancel',
  '',
]

describe('dialogs by their shape', () => {
  it('finds the options above the key hints, whatever the dialog says (Claude 2.1.332, two questions with tabs)', () => {
    expect(findDialogShape(CLAUDE_TWO_QUESTIONS)).toEqual({
      kind: 'question',
      title: 'Who should own the release?',
      options: [
        { key: '1', label: 'Alice' },
        { key: '2', label: 'Bob' },
        { key: '3', label: 'Type something.' },
        { key: '4', label: 'Chat about this' },
      ],
      cursor: 0,
      choose: 'digits',
      multiSelect: false,
      // ☐ Manager ☐ Checks: an answer here moves to the next question.
      moreSteps: true,
      hint: 'Enter to select · Tab/Arrow keys to navigate · Esc to cancel',
    })
  })

  it('reads check boxes as the options’ state, not their names', () => {
    const shape = findDialogShape(CLAUDE_MULTI_SELECT)!
    expect(shape.multiSelect).toBe(true)
    expect(shape.options.map((o) => o.label)).toEqual(['Unit tests', 'Lint', 'E2E', 'Type something', 'Chat about this'])
    expect(shape.title).toBe('Which checks must pass first?')
  })

  it('finds a numbered list with its highlighted row marked at the bottom, with no hint row (the review tab)', () => {
    // Every question answered (☒): Enter on "Submit answers" is the answer.
    expect(findDialogShape(CLAUDE_REVIEW)).toMatchObject({
      kind: 'question',
      title: 'Review your answers',
      options: [
        { key: '1', label: 'Submit answers' },
        { key: '2', label: 'Cancel' },
      ],
      cursor: 0,
      hint: null,
      moreSteps: false,
    })
  })

  it('tells permission from its words: Codex’s approval, OpenCode’s choices side by side, Pi’s marked column', () => {
    expect(findDialogShape(CODEX_APPROVAL)).toMatchObject({
      kind: 'permission',
      title: 'Would you like to run the following command?',
      choose: 'digits',
      cursor: 0,
    })
    expect(findDialogShape(CODEX_APPROVAL)!.options).toHaveLength(3)
    for (const rows of [OPENCODE_WIDE, OPENCODE_NARROW]) {
      expect(findDialogShape(rows)).toMatchObject({
        kind: 'permission',
        options: [
          { key: '1', label: 'Allow once' },
          { key: '2', label: 'Allow always' },
          { key: '3', label: 'Reject' },
        ],
        choose: 'arrows',
      })
    }
    expect(findDialogShape(PI_GATE)).toMatchObject({
      kind: 'permission',
      title: 'Allow?',
      options: [
        { key: '1', label: 'Yes' },
        { key: '2', label: 'No' },
      ],
      cursor: 0,
      choose: 'arrows',
    })
  })

  it('finds nothing where there is no dialog: prompts, footers, a numbered list in a reply, a lone marked row', () => {
    const claudeIdle = [
      '● Here is the plan:',
      '  1. Add a regression test.',
      '  2. Fix the off-by-one bug.',
      '',
      '✻ Baked for 1s',
      '',
      RULE,
      '❯ ',
      RULE,
      '  ⏸ manual mode on · ? for shortcuts · ← for agents',
    ]
    const claudeWorking = [
      '❯ [STEPSUB] delegate',
      '',
      '● Agent(Inspect the repo)',
      '',
      '✢ Garnishing… (0s · ↓ 7 tokens)',
      RULE,
      '❯ ',
      RULE,
      '  ⏸ manual mode on · esc to interrupt · ↓ to manage',
      '',
      '  ● main',
      '  ◯ general-purpose  Inspect the repo   0s',
    ]
    const codexComposer = [
      '› [STEP1] check the workspace',
      '',
      '• The workspace has two folders.',
      '',
      '› Ask Codex to do anything',
      '',
      '  gpt-5.4 default · ~/work',
      '  ← for agents          ⚠ 2 warnings · f2 to view',
    ]
    const opencodeWorking = [
      '  ┃  Build · Fake Model Fake Harness',
      '  ╹▀▀▀▀▀▀▀▀▀',
      '   ⬝⬝⬝⬝■■■■  esc interrupt          ctrl+t variants  tab agents  ctrl+p commands',
    ]
    const piEditor = [' [STEP1] Summarize the project', '', ' The project has a README.', '', ' escape interrupt · ctrl+c/ctrl+d clear/exit']
    for (const rows of [claudeIdle, claudeWorking, codexComposer, opencodeWorking, piEditor]) expect(findDialogShape(rows), rows.join('\n')).toBeNull()
  })

  it('a hint row is a key and an action, short as hints are', () => {
    for (const hint of [
      'Esc to cancel · Tab to amend',
      'Press enter to confirm or esc to cancel',
      '↑↓ select  enter submit  esc dismiss',
      'ctrl+f fullscreen  ⇆ select  enter confirm',
      'tab to add notes | enter to submit answer | esc to interrupt',
    ]) {
      expect(isHintRow(hint), hint).toBe(true)
    }
    for (const row of [
      '⏸ manual mode on · esc to interrupt · ← for agents',
      '? for shortcuts',
      'escape interrupt · ctrl+c/ctrl+d clear/exit',
      'I will select the best option and confirm it with you.',
    ]) {
      expect(isHintRow(row), row).toBe(false)
    }
  })
})
