import { describe, expect, it } from 'vitest'
import { evaluateRules } from '../../core/rules/evaluateRules'
import type { ScreenView } from '../../core/rules/ruleTypes'
import { realScreen } from './__fixtures__/screens'
import { AgentCatalog } from '../agents/agentCatalog'
import { findAgentsDir } from './ruleRegistry'

const registry = AgentCatalog.loadStrict(findAgentsDir(__dirname)!)
const classify = (agent: string, view: ScreenView) => evaluateRules(registry.rulesOf(agent), view)

/** Each real screen, the shipped rules' verdict on it, and the rule that decides. */
const CASES: [screen: string, agent: string, state: string | null, rule: string | null][] = [
  ['claude-idle-startup', 'claude', 'idle', 'claude.footer-idle'],
  ['claude-typing', 'claude', 'idle', 'claude.prompt-box'],
  ['claude-enter-pressed', 'claude', 'working', 'claude.title-spinner'],
  ['claude-working', 'claude', 'working', 'claude.footer-working'],
  ['claude-silent-tool', 'claude', 'working', 'claude.footer-working'],
  ['claude-permission', 'claude', 'blocked', 'claude.permission-dialog'],
  ['claude-after-yes', 'claude', 'working', 'claude.footer-working'],
  ['claude-question', 'claude', 'question', 'claude.question-dialog'],
  ['claude-reply-question', 'claude', 'asked', 'claude.reply-asks'],
  ['claude-rejected', 'claude', 'idle', 'claude.footer-idle'],
  ['claude-goodbye', 'claude', 'exited', 'claude.goodbye'],
  ['codex-idle', 'codex', 'idle', 'codex.composer'],
  ['codex-working', 'codex', 'working', 'codex.working-line'],
  ['codex-approval', 'codex', 'blocked', 'codex.approval-dialog'],
  ['codex-question', 'codex', 'question', 'codex.question-dialog'],
  ['codex-done', 'codex', 'idle', 'codex.composer'],
  ['codex-goodbye', 'codex', 'exited', 'codex.goodbye'],
  ['opencode-home', 'opencode', 'idle', 'opencode.home'],
  ['opencode-working', 'opencode', 'working', 'opencode.status-working'],
  ['opencode-permission', 'opencode', 'blocked', 'opencode.permission-dialog'],
  ['opencode-subagent-permission', 'opencode', 'blocked', 'opencode.permission-dialog'],
  ['opencode-question', 'opencode', 'question', 'opencode.question-dialog'],
  ['opencode-idle', 'opencode', 'idle', 'opencode.status-idle'],
  ['opencode-goodbye', 'opencode', 'exited', 'opencode.goodbye'],
  ['pi-idle', 'pi', 'idle', 'pi.editor'],
  ['pi-working', 'pi', 'working', 'pi.working'],
  ['pi-permission', 'pi', 'blocked', 'pi.permission-gate'],
  ['pi-question', 'pi', 'question', 'pi.question'],
  ['pi-after-reply', 'pi', 'idle', 'pi.editor'],
  // The "Executing Hook: switchboard" row left without its spinner after SessionStart is no work.
  ['gemini-idle', 'gemini', 'idle', 'gemini.composer'],
  ['gemini-working', 'gemini', 'working', 'gemini.working'],
  ['gemini-permission', 'gemini', 'blocked', 'gemini.permission-dialog'],
  ['gemini-question', 'gemini', 'question', 'gemini.question-dialog'],
  ['gemini-reply-question', 'gemini', 'idle', 'gemini.composer'],
  ['gemini-cancelled', 'gemini', 'idle', 'gemini.composer'],
  ['gemini-goodbye', 'gemini', 'exited', 'gemini.goodbye'],
  // At 80 columns or fewer the session id wraps onto the row under the resume hint.
  ['gemini-goodbye-wrapped', 'gemini', 'exited', 'gemini.goodbye'],
  ['hermes-idle', 'hermes', 'idle', 'hermes.prompt'],
  ['hermes-initializing', 'hermes', 'working', 'hermes.working'],
  ['hermes-approval', 'hermes', 'blocked', 'hermes.approval'],
  ['hermes-approval-reviewer-denied', 'hermes', 'blocked', 'hermes.approval'],
  ['hermes-clarify', 'hermes', 'question', 'hermes.clarify'],
  ['hermes-reply-question', 'hermes', 'idle', 'hermes.prompt'],
  ['hermes-compact-working', 'hermes', 'working', 'hermes.working'],
  ['hermes-compact-approval', 'hermes', 'blocked', 'hermes.approval'],
  ['hermes-compact-idle', 'hermes', 'idle', 'hermes.prompt'],
]

describe('shipped screen rules on real screens', () => {
  it.each(CASES)('%s (%s) → %s by %s', (screen, agent, state, rule) => {
    const match = classify(agent, realScreen(screen))
    expect(match?.state ?? null).toBe(state)
    expect(match?.ruleId ?? null).toBe(rule)
  })

  it('reads "No", not "Nooject", from the Bash dialog Claude 2.1.197 draws at 60×19 (issue 12)', () => {
    // The screen as the mirror had it (test/agents/claude/freeText.test.ts): option 2 wraps,
    // and Claude draws "3. No" over the wrapped "project", leaving "oject" behind it.
    const lines = [
      '● Bash(touch x.txt)',
      '  ⎿  Waiting…',
      '─'.repeat(60),
      ' Bash command',
      '   touch x.txt',
      '   Create empty file x.txt',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      '   2. Yes, and always allow access to work/ from this',
      '   3. Nooject',
      ' Esc to cancel · Tab to amend · ctrl+e to explain',
    ]
    const match = classify('claude', { lines, title: '✳ Harness scenario', alternate: false })
    expect(match?.ruleId).toBe('claude.permission-dialog')
    expect(match?.dialog?.options.map((o) => o.label)).toEqual(['Yes', 'Yes, and always allow access to work/ from this', 'No'])
  })

  it('reads the whole of each wrapped option from the Bash dialog Claude 2.1.332 draws at 60×19 (issue 12), not a description under a short one', () => {
    // The screen as the mirror had it (test/agents/claude/freeText.test.ts, manual mode).
    const lines = [
      '─'.repeat(60),
      ' Bash command',
      ' Tip: auto mode handles these prompts for you — choose',
      ' "switch to auto mode" below',
      ' Create empty file x.txt',
      '╌'.repeat(60),
      ' touch x.txt',
      '╌'.repeat(60),
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      '   2. Yes, and always allow access to',
      '      /tmp/sb-agent-claude-narrow-2.1.332-aKrMtb/work from',
      '      this project',
      '   3. Yes, and switch to auto mode · auto mode handles',
      '      these prompts for you',
      '   4. No',
      ' Esc to cancel · Tab to amend',
    ]
    const match = classify('claude', { lines, title: '✳ Harness scenario', alternate: false, cols: 60 })
    expect(match?.dialog?.options.map((o) => o.label)).toEqual([
      'Yes',
      'Yes, and always allow access to /tmp/sb-agent-claude-narrow-2.1.332-aKrMtb/work from this project',
      'Yes, and switch to auto mode · auto mode handles these prompts for you',
      'No',
    ])
    // Without the width (a replayed screen): the widest line stands for it.
    expect(classify('claude', { lines, title: '✳ Harness scenario', alternate: false })?.dialog?.options).toHaveLength(4)
    // A question's options with their descriptions below: the labels alone, even at 60 columns.
    expect(classify('claude', { ...realScreen('claude-question'), cols: 60 })?.dialog?.options.map((o) => o.label)).toEqual([
      'PostgreSQL',
      'SQLite',
      'Redis',
      'Type something.',
      'Chat about this',
    ])
    // Codex wraps after a hyphen: joined without a blank.
    expect(classify('codex', realScreen('codex-approval'))?.dialog?.options.map((o) => o.label)).toEqual([
      'Yes, proceed (y)',
      "Yes, and don't ask again for commands that start with `touch approved-file.txt` (p)",
      'No, and tell Codex what to do differently (esc)',
    ])
  })

  it('extracts the structure of each dialog for the answer box', () => {
    expect(classify('claude', realScreen('claude-permission'))?.dialog).toEqual({
      kind: 'permission',
      title: 'Do you want to proceed?',
      options: [
        { key: '1', label: 'Yes' },
        { key: '2', label: 'Yes, and always allow access to work/ from this project' },
        { key: '3', label: 'No' },
      ],
    })
    expect(classify('claude', realScreen('claude-question'))?.dialog).toEqual({
      kind: 'question',
      title: 'Which database should the service use?',
      options: [
        { key: '1', label: 'PostgreSQL' },
        { key: '2', label: 'SQLite' },
        { key: '3', label: 'Redis' },
        { key: '4', label: 'Type something.' },
        { key: '5', label: 'Chat about this' },
      ],
    })
    const codex = classify('codex', realScreen('codex-approval'))?.dialog
    expect(codex?.title).toBe('Would you like to run the following command?')
    expect(codex?.options.map((o) => o.key)).toEqual(['1', '2', '3'])
    expect(codex?.options[0]?.label).toBe('Yes, proceed (y)')
    expect(classify('codex', realScreen('codex-question'))?.dialog).toEqual({
      kind: 'question',
      title: 'Which color should the widget use?',
      options: [
        { key: '1', label: 'Red (Recommended)' },
        { key: '2', label: 'Blue' },
        { key: '3', label: 'None of the above' },
      ],
    })
    expect(classify('opencode', realScreen('opencode-permission'))?.dialog).toEqual({
      kind: 'permission',
      title: 'Shell command',
      options: [
        { key: '1', label: 'Allow once' },
        { key: '2', label: 'Allow always' },
        { key: '3', label: 'Reject' },
      ],
    })
    expect(classify('opencode', realScreen('opencode-question'))?.dialog?.options.map((o) => o.label)).toEqual(['Red', 'Blue', 'Type your own answer'])
    expect(classify('pi', realScreen('pi-permission'))?.dialog?.options).toEqual([
      { key: '1', label: 'Yes' },
      { key: '2', label: 'No' },
    ])
    expect(classify('pi', realScreen('pi-question'))?.dialog?.options.map((o) => o.label)).toEqual(['Red', 'Blue', 'Type something.'])
    expect(classify('gemini', realScreen('gemini-permission'))?.dialog).toEqual({
      kind: 'permission',
      title: 'Allow execution of [Shell]?',
      options: [
        { key: '1', label: 'Allow once' },
        { key: '2', label: 'Allow for this session' },
        { key: '3', label: 'No, suggest changes (esc)' },
      ],
    })
    expect(classify('gemini', realScreen('gemini-question'))?.dialog).toEqual({
      kind: 'question',
      title: 'Which color should the widget use?',
      options: [
        { key: '1', label: 'Red' },
        { key: '2', label: 'Blue' },
        { key: '3', label: 'Enter a custom value' },
      ],
    })
  })

  /**
   * Dialog text echoed inside a reply (a model quoting the dialog, or `cat` of a log) is not a
   * dialog. No recording has this yet; the screen is composed from two real screens: the
   * permission dialog's rows pasted into the transcript of the real idle screen.
   */
  it('does not take dialog text echoed in the transcript for a dialog', () => {
    // The rows kept of the idle screen: its composer and footer (Gemini's rule, composer and footer are its last ten).
    for (const [agent, dialog, idle, kept = 8] of [
      ['claude', 'claude-permission', 'claude-reply-question'],
      ['codex', 'codex-approval', 'codex-done'],
      ['opencode', 'opencode-permission', 'opencode-idle'],
      ['pi', 'pi-permission', 'pi-after-reply'],
      ['gemini', 'gemini-permission', 'gemini-reply-question', 10],
      ['hermes', 'hermes-approval', 'hermes-idle'],
    ] as const) {
      const quoted = realScreen(dialog)
        .lines.filter((l) => l.trim() !== '' && !/^\s*[─━]{10,}/.test(l))
        .slice(-10)
      const base = realScreen(idle)
      const footer = base.lines.filter((l) => l.trim() !== '').length
      const keep = base.lines.slice(-Math.min(kept, footer))
      const lines = [...quoted, ...keep].slice(-base.lines.length)
      const match = classify(agent, { ...base, lines })
      expect(match?.state, `${agent}: ${match?.ruleId}`).toBe('idle')
    }
  })

  it('recognises every agent from its own screen', () => {
    for (const [screen, agent] of [
      ['claude-idle-startup', 'claude'],
      ['codex-idle', 'codex'],
      ['opencode-home', 'opencode'],
      ['pi-idle', 'pi'],
      ['gemini-idle', 'gemini'],
      ['hermes-idle', 'hermes'],
    ] as const) {
      const view = realScreen(screen)
      const found = registry.ruleAgents().find((a) => registry.ruleFile(a)?.recognize.some((p) => p.test([view.title, ...view.lines].join('\n'))))
      expect(found).toBe(agent)
    }
  })
})
