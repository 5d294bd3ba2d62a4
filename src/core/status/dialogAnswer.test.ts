import { describe, expect, it } from 'vitest'
import type { RuleMatch } from '../rules/ruleTypes'
import { shippedAgents } from '../../board/agents/agentCatalog'
import { statusContext } from './agentSignals'
import { AnswerConstants } from './dialogAnswer'
import { nextDeadline, reduceStatus } from './reduceStatus'
import type { StatusSignal } from './signals'
import { initialMemory, type StatusContext, type StatusMemory } from './statusMemory'

// As the shipped OpenCode rules read test/fixtures/opencode/opencode11833-always-allow-120x32.
const PERMISSION: RuleMatch = {
  ruleId: 'opencode.permission-dialog',
  state: 'blocked',
  text: '┃  △ Permission required',
  fromTitle: false,
  dialog: {
    kind: 'permission',
    title: 'Shell command',
    options: [
      { key: '1', label: 'Allow once' },
      { key: '2', label: 'Allow always' },
      { key: '3', label: 'Reject' },
    ],
  },
}
const CONFIRM: RuleMatch = {
  ruleId: 'opencode.always-allow-dialog',
  state: 'blocked',
  text: '┃  △ Always allow',
  fromTitle: false,
  dialog: {
    kind: 'permission',
    title: '△ Always allow',
    options: [
      { key: '1', label: 'Confirm' },
      { key: '2', label: 'Cancel' },
    ],
  },
}
const QUESTION: RuleMatch = {
  ruleId: 'opencode.question-dialog',
  state: 'question',
  text: '↑↓ select  enter submit  esc dismiss',
  fromTitle: false,
  dialog: {
    kind: 'question',
    title: 'Which color?',
    options: [
      { key: '1', label: 'Red' },
      { key: '2', label: 'Type your own answer' },
    ],
  },
}
const WORKING: RuleMatch = { ruleId: 'opencode.status-working', state: 'working', text: 'esc interrupt', fromTitle: false }
const asked = (at: number) =>
  ({ kind: 'report', at, report: { effect: 'blocked', state: 'blocked', at, detail: 'permission.asked permission=bash' } }) as StatusSignal
const replied = (at: number) =>
  ({ kind: 'report', at, report: { effect: 'answered', state: 'working', at, detail: 'permission.replied reply=always' } }) as StatusSignal
const screen = (at: number, match: RuleMatch): StatusSignal => ({ kind: 'screen', at, match })
const enter = (at: number): StatusSignal => ({ kind: 'input', at, key: 'enter' })

const OC: StatusContext = { rootIsShell: false, agent: 'opencode', enterSubmitsPrompt: true, answers: shippedAgents().knowledge('opencode')!.answers }

/** Folds the signals on their own clock (the reducer's injected time) and names each memory by its signal's time. */
function fold(signals: StatusSignal[], ctx: StatusContext = OC): Map<number, StatusMemory> {
  let m = initialMemory(0)
  const out = new Map<number, StatusMemory>()
  for (const s of signals) out.set(s.at, (m = reduceStatus(m, s, s.at, ctx)))
  return out
}
const stateAt = (ms: Map<number, StatusMemory>, at: number) => ms.get(at)!.verdict.state

describe('a dialog answered with a key the agent keeps drawn (OpenCode 1.18.33 "Allow always")', () => {
  // The recording's times (s → ms): dialog 76.12, → 77.143, Enter 77.295, confirmation 77.464,
  // Enter (Confirm) 78.974, the first dialog drawn again 79.058, permission.replied 80.22, work 80.34.
  const recording = [
    asked(76017),
    screen(76120, PERMISSION),
    enter(77295),
    screen(77464, CONFIRM),
    enter(78974),
    screen(79058, PERMISSION),
    replied(80220),
    screen(80340, WORKING),
  ]

  it('is working from the confirming Enter while the answered dialogs stay drawn, and blocked on the confirmation the first Enter opened', () => {
    const ms = fold(recording)
    expect(stateAt(ms, 76120)).toBe('blocked')
    // The first Enter is an answer too, until the next frame shows a dialog not answered yet.
    expect(stateAt(ms, 77295)).toBe('working')
    expect(stateAt(ms, 77464)).toBe('blocked')
    expect(ms.get(77464)!.verdict.evidence[0]!.detail).toMatch(/opencode\.always-allow-dialog/)
    expect(stateAt(ms, 78974)).toBe('working')
    // OpenCode draws the first dialog again: answered in this episode, so still not waiting for the user.
    const redrawn = ms.get(79058)!.verdict
    expect(redrawn.state).toBe('working')
    expect(redrawn.since).toBe(78974)
    expect(redrawn.evidence[0]).toMatchObject({ source: 'input', at: 78974 })
    expect(redrawn.evidence[0]!.detail).toMatch(/Enter typed into the permission dialog "△ Always allow": answered/)
    expect(stateAt(ms, 80220)).toBe('working')
    expect(stateAt(ms, 80340)).toBe('working')
    // The work on screen ends the episode: nothing is remembered for the next dialog.
    expect(ms.get(80340)!.answer!.dialogs).toEqual([])
  })

  it('is blocked again AnswerHoldMs after the key when the answered dialog stays up with no report (Cancel went back to it)', () => {
    const hold = AnswerConstants.HoldMs
    const ms = fold([...recording.slice(0, 6), { kind: 'tick', at: 78974 + hold - 1 }, { kind: 'tick', at: 78974 + hold }])
    expect(nextDeadline(ms.get(79058)!, 79058)).toBe(78974 + hold)
    expect(stateAt(ms, 78974 + hold - 1)).toBe('working')
    const back = ms.get(78974 + hold)!.verdict
    expect(back.state).toBe('blocked')
    expect(back.evidence[0]!.detail).toMatch(/opencode\.permission-dialog/)
  })

  it('counts a dialog the agent reports after the key, though it looks like the answered one', () => {
    const ms = fold([asked(1000), screen(1020, PERMISSION), enter(3000), asked(3100), screen(3130, PERMISSION)])
    expect(stateAt(ms, 3000)).toBe('working')
    expect(stateAt(ms, 3100)).toBe('blocked')
    expect(stateAt(ms, 3130)).toBe('blocked')
  })

  it('forgets the answers once the screen showed work: the same-looking dialog of the next tool call counts at once', () => {
    const ms = fold([screen(1020, PERMISSION), enter(3000), screen(3050, WORKING), screen(3400, PERMISSION)])
    expect(stateAt(ms, 3050)).toBe('working')
    expect(stateAt(ms, 3400)).toBe('blocked')
  })

  it('ignores keys its table does not list: the question dialog (Enter may open an input in it), and agents without answers', () => {
    const question = fold([screen(1000, QUESTION), enter(2000), screen(2050, QUESTION)])
    expect(stateAt(question, 2000)).toBe('question')
    expect(stateAt(question, 2050)).toBe('question')
    const none = fold([screen(1000, PERMISSION), enter(2000), screen(2050, PERMISSION)], { ...OC, answers: null })
    expect(stateAt(none, 2000)).toBe('blocked')
    expect(stateAt(none, 2050)).toBe('blocked')
    // Esc is not an answer OpenCode's table lists.
    const esc = fold([screen(1000, PERMISSION), { kind: 'input', at: 2000, key: 'escape' }])
    expect(stateAt(esc, 2000)).toBe('blocked')
  })
})

// Claude Code 2.1.332 as the shipped rules read test/fixtures/claude (the shapes of its dialogs).
const CC: StatusContext = { rootIsShell: false, agent: 'claude', answers: shippedAgents().knowledge('claude')!.answers }
const option = (key: string, label: string) => ({ key, label })
const cc = (ruleId: string, state: 'blocked' | 'question', title: string, labels: string[], extra: object = {}): RuleMatch => ({
  ruleId,
  state,
  text: title,
  fromTitle: false,
  dialog: { kind: state === 'blocked' ? 'permission' : 'question', title, options: labels.map((l, i) => option(String(i + 1), l)), ...extra },
})
const BASH = cc('claude.permission-dialog', 'blocked', 'Do you want to proceed?', ['Yes', 'Yes, and always allow access to work/ from this project', 'No'])
const MANAGER = cc('claude.dialog-question', 'question', 'Who should own the release?', ['Alice', 'Bob', 'Type something.', 'Chat about this'], {
  moreSteps: true,
})
const SINGLE = cc('claude.question-dialog', 'question', 'Which database should the service use?', [
  'PostgreSQL',
  'SQLite',
  'Redis',
  'Type something.',
  'Chat about this',
])
const CHECKS = cc('claude.dialog-question', 'question', 'Which checks must pass first?', ['Unit tests', 'Lint', 'E2E', 'Type something', 'Chat about this'], {
  multiSelect: true,
})
const REVIEW = cc('claude.dialog-question', 'question', 'Review your answers', ['Submit answers', 'Cancel'])
const CC_WORKING: RuleMatch = { ruleId: 'claude.footer-working', state: 'working', text: 'esc to interrupt', fromTitle: false }
const key = (at: number, k: 'enter' | 'escape' | 'digit', digit?: string): StatusSignal => ({ kind: 'input', at, key: k, ...(digit ? { digit } : {}) })

describe('one answered memory, fed by keys and reports (Claude Code: Enter, Esc, a digit; the next frame asks again)', () => {
  it('a digit into a numbered dialog answers it, as Enter does, until the agent redraws', () => {
    const ms = fold([screen(1000, BASH), key(3000, 'digit', '1'), screen(3210, CC_WORKING)], CC)
    expect(stateAt(ms, 3000)).toBe('working')
    expect(ms.get(3000)!.verdict.evidence[0]!.detail).toMatch(/^1 typed into the permission dialog "Do you want to proceed\?": answered/)
    expect(stateAt(ms, 3210)).toBe('working')
  })

  it('a digit that names no option, or a free-text option, answers nothing', () => {
    expect(stateAt(fold([screen(1000, BASH), key(3000, 'digit', '7')], CC), 3000)).toBe('blocked')
    expect(stateAt(fold([screen(1000, SINGLE), key(3000, 'digit', '4')], CC), 3000)).toBe('question')
    expect(stateAt(fold([screen(1000, SINGLE), key(3000, 'digit', '2')], CC), 3000)).toBe('working')
  })

  it('one question of several (tabs with one unanswered): a digit moves to the next, the agent still waits', () => {
    const ms = fold([screen(1000, MANAGER), key(3000, 'digit', '1'), screen(3100, CHECKS)], CC)
    expect(stateAt(ms, 3000)).toBe('question')
    expect(stateAt(ms, 3100)).toBe('question')
  })

  it('in a multi-select question Enter and digits toggle a box: still the question; the review tab after Submit asks again', () => {
    const ms = fold([screen(1000, CHECKS), key(2000, 'enter'), key(2500, 'digit', '2'), screen(3000, REVIEW), key(4000, 'enter'), screen(4300, CC_WORKING)], CC)
    expect(stateAt(ms, 2000)).toBe('question')
    expect(stateAt(ms, 2500)).toBe('question')
    expect(stateAt(ms, 3000)).toBe('question')
    // Enter on "Submit answers" is the answer.
    expect(stateAt(ms, 4000)).toBe('working')
    expect(stateAt(ms, 4300)).toBe('working')
  })

  it('Esc cancels: the dialog counts for EscapeHoldMs, then idle until the redraw; still drawn after HoldMs, it asks again', () => {
    const hold = 3000 + AnswerConstants.HoldMs
    const ms = fold(
      [screen(1000, BASH), key(3000, 'escape'), { kind: 'tick', at: 3000 + AnswerConstants.EscapeHoldMs }, screen(3400, BASH), { kind: 'tick', at: hold }],
      CC,
    )
    expect(stateAt(ms, 3000)).toBe('blocked')
    expect(stateAt(ms, 3000 + AnswerConstants.EscapeHoldMs)).toBe('idle')
    expect(stateAt(ms, 3400)).toBe('idle')
    expect(stateAt(ms, hold)).toBe('blocked')
  })

  it('another dialog drawn after the key asks at its first frame (Claude does not redraw what it answered)', () => {
    const ms = fold([screen(1000, BASH), key(3000, 'enter'), screen(3100, CC_WORKING), screen(3300, BASH)], CC)
    expect(stateAt(ms, 3000)).toBe('working')
    expect(stateAt(ms, 3300)).toBe('blocked')
  })

  it('Esc on a reported dialog not drawn yet cancels it (no hook says so)', () => {
    const report: StatusSignal = {
      kind: 'report',
      at: 1000,
      report: { effect: 'blocked', state: 'blocked', at: 1000, detail: 'PermissionRequest tool_name=ExitPlanMode', event: 'PermissionRequest', child: false },
    }
    const ms = fold([screen(900, CC_WORKING), report, key(1200, 'escape'), { kind: 'tick', at: 3000 }], CC)
    expect(stateAt(ms, 3000)).not.toBe('blocked')
  })
})

// As the shipped Gemini rules read test/fixtures/gemini/gemini0610-120x32 (its question answered with `2`).
const GEMINI_QUESTION: RuleMatch = {
  ruleId: 'gemini.question-dialog',
  state: 'question',
  text: '│ Answer Questions',
  fromTitle: false,
  dialog: {
    kind: 'question',
    title: 'Which color should the widget use?',
    options: [
      { key: '1', label: 'Red' },
      { key: '2', label: 'Blue' },
      { key: '3', label: 'Enter a custom value' },
    ],
  },
}
const GEMINI_PERMISSION: RuleMatch = {
  ruleId: 'gemini.permission-dialog',
  state: 'blocked',
  text: '│ ● 1. Allow once',
  fromTitle: false,
  dialog: {
    kind: 'permission',
    title: 'Allow execution of [Shell]?',
    options: [
      { key: '1', label: 'Allow once' },
      { key: '2', label: 'Allow for this session' },
      { key: '3', label: 'No, suggest changes (esc)' },
    ],
  },
}
// Gemini CLI 0.61.0's tables (resources/agents/gemini/agent.toml): digits answer both kinds, but not on its free-text option.
// The context the engine builds for a Gemini pane (statusContext): its free-text label and its hold come from agent.toml.
const GEMINI: StatusContext = statusContext('gemini', shippedAgents().knowledge('gemini'), { rootIsShell: false }, true)
const digit = (at: number, d: string): StatusSignal => ({ kind: 'input', at, key: 'digit', digit: d })

describe("a dialog answered with an option's digit the agent keeps drawn (Gemini CLI 0.61.0: 0.4–0.9 s at load)", () => {
  it('is working from the digit while the dialog stays drawn, and says which digit', () => {
    const ms = fold([screen(1000, GEMINI_QUESTION), digit(3000, '2'), screen(3400, GEMINI_QUESTION)], GEMINI)
    expect(stateAt(ms, 1000)).toBe('question')
    expect(stateAt(ms, 3000)).toBe('working')
    const held = ms.get(3400)!.verdict
    expect(held.state).toBe('working')
    expect(held.evidence[0]!.detail).toMatch(/^2 typed into the question dialog "Which color should the widget use\?"/)
    const permission = fold([screen(1000, GEMINI_PERMISSION), digit(3000, '1'), screen(3200, GEMINI_PERMISSION)], GEMINI)
    expect(stateAt(permission, 3200)).toBe('working')
  })

  it('is no answer on the free-text option (its digit opens an input in the dialog), nor a digit the dialog has no option for', () => {
    const freeText = fold([screen(1000, GEMINI_QUESTION), digit(3000, '3'), screen(3100, GEMINI_QUESTION)], GEMINI)
    expect(stateAt(freeText, 3000)).toBe('question')
    expect(stateAt(freeText, 3100)).toBe('question')
    const none = fold([screen(1000, GEMINI_PERMISSION), digit(3000, '7')], GEMINI)
    expect(stateAt(none, 3000)).toBe('blocked')
  })

  it('is no answer for an agent whose table does not list digits (OpenCode)', () => {
    const ms = fold([screen(1000, PERMISSION), digit(3000, '1'), screen(3050, PERMISSION)])
    expect(stateAt(ms, 3000)).toBe('blocked')
    expect(stateAt(ms, 3050)).toBe('blocked')
  })
})

// As the shipped Gemini rules read its folder trust box (test/fixtures/gemini/gemini0610-trust-yes-80x24).
const GEMINI_TRUST: RuleMatch = {
  ruleId: 'gemini.trust-dialog',
  state: 'blocked',
  text: '│ Do you trust the files in this folder?',
  fromTitle: false,
  dialog: {
    kind: 'permission',
    title: 'Do you trust the files in this folder?',
    options: [
      { key: '1', label: 'Trust folder (work)' },
      { key: '2', label: 'Trust parent folder (tmp)' },
      { key: '3', label: "Don't trust" },
    ],
  },
}

describe('an agent that keeps its answered dialog drawn longer than the default hold (Gemini CLI 0.61.0: its trust box 2.2 s)', () => {
  it("holds the answer for the agent's own answerHoldMs: the box drawn again 2.2 s after `1` is not waiting for the user", () => {
    const hold = GEMINI.answerHoldMs!
    expect(hold).toBeGreaterThan(AnswerConstants.HoldMs)
    const ms = fold(
      [screen(1000, GEMINI_TRUST), digit(3000, '1'), screen(5200, GEMINI_TRUST), { kind: 'tick', at: 3000 + hold - 1 }, { kind: 'tick', at: 3000 + hold }],
      GEMINI,
    )
    expect(stateAt(ms, 5200)).toBe('working')
    expect(nextDeadline(ms.get(5200)!, 5200, GEMINI)).toBe(3000 + hold)
    expect(stateAt(ms, 3000 + hold - 1)).toBe('working')
    // Past it, a box still drawn counts again.
    expect(stateAt(ms, 3000 + hold)).toBe('blocked')
    // With the default hold the same screens read blocked at 5200.
    const { answerHoldMs: _, ...defaults } = GEMINI
    expect(stateAt(fold([screen(1000, GEMINI_TRUST), digit(3000, '1'), screen(5200, GEMINI_TRUST)], defaults), 5200)).toBe('blocked')
  })
})

describe('a dialog asked once per start (Gemini CLI 0.61.0 folder trust, test/fixtures/gemini/gemini0610-trust-yes-60x20)', () => {
  const GEMINI: StatusContext = { rootIsShell: false, agent: 'gemini', enterSubmitsPrompt: true, answers: shippedAgents().knowledge('gemini')!.answers }
  const TRUST: RuleMatch = {
    ruleId: 'gemini.trust-dialog',
    state: 'blocked',
    text: '│ Do you trust the files in this folder?',
    fromTitle: false,
    dialog: {
      kind: 'permission',
      title: 'Do you trust the files in this folder?',
      options: [
        { key: '1', label: 'Trust folder (work)' },
        { key: '2', label: 'Trust parent folder (sb)' },
        { key: '3', label: "Don't trust" },
      ],
    },
  }
  const RESTART: RuleMatch = {
    ruleId: 'gemini.trust-restart',
    state: 'working',
    text: 'Gemini CLI is restarting to apply the trust changes...',
    fromTitle: false,
  }
  const PROMPT: RuleMatch = { ruleId: 'gemini.composer', state: 'idle', text: '>   Type your message or @path/to/file', fromTitle: false }
  const digit = (at: number, d: string): StatusSignal => ({ kind: 'input', at, key: 'digit', digit: d })

  it('answered, then "restarting", then the same box left alone on screen long after the hold: the answered box, until the prompt', () => {
    const ms = fold([screen(12096, TRUST), digit(13596, '1'), screen(14919, RESTART), screen(21416, TRUST), screen(22792, PROMPT)], GEMINI)
    expect(stateAt(ms, 12096)).toBe('blocked')
    expect(stateAt(ms, 13596)).toBe('working')
    expect(stateAt(ms, 14919)).toBe('working')
    expect(ms.get(21416)!.verdict).toMatchObject({
      state: 'working',
      evidence: [{ source: 'input', detail: expect.stringContaining('1 typed into the permission dialog') }, expect.anything()],
    })
    expect(stateAt(ms, 22792)).toBe('idle')
  })

  it('once the prompt was drawn, the box drawn again asks again; and an agent without the entry forgets at the work frame', () => {
    const after = fold([screen(12096, TRUST), digit(13596, '1'), screen(14919, RESTART), screen(22792, PROMPT), screen(30000, TRUST)], GEMINI)
    expect(stateAt(after, 30000)).toBe('blocked')
    const plain: StatusContext = { ...GEMINI, answers: { ...GEMINI.answers!, askedOnce: [] } }
    const ms = fold([screen(12096, TRUST), digit(13596, '1'), screen(14919, RESTART), screen(21416, TRUST)], plain)
    expect(stateAt(ms, 21416)).toBe('blocked')
  })
})
