import { describe, expect, it } from 'vitest'
import type { RuleMatch } from '../rules/ruleTypes'
import { AnswerConstants } from './dialogAnswer'
import { nextDeadline, reduceStatus } from './reduceStatus'
import type { StatusSignal } from './signals'
import { initialMemory, StatusConstants, type StatusMemory } from './statusMemory'

// Matches as the shipped Claude rules produce them on the fixture screens (see shippedRules.test.ts).
const WORKING: RuleMatch = { ruleId: 'claude.footer-working', state: 'working', text: 'esc to interrupt · ← for agents', fromTitle: false }
const SPINNER: RuleMatch = { ruleId: 'claude.title-spinner', state: 'working', text: '⠐ Harness scenario', fromTitle: true }
const ctx = { rootIsShell: false, agent: 'claude' }

function run(signals: StatusSignal[]): StatusMemory[] {
  const out: StatusMemory[] = []
  let m = initialMemory(0)
  for (const s of signals) out.push((m = reduceStatus(m, s, s.at, ctx)))
  return out
}

describe('reduceStatus mechanics', () => {
  it('keeps the verdict object while the state and the deciding rule stay; `since` is the first signal', () => {
    const [a, b, c] = run([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'screen', at: 200, match: { ...WORKING, text: 'esc to interrupt' } },
      { kind: 'screen', at: 300, match: SPINNER },
    ])
    expect(a!.verdict).toMatchObject({ state: 'working', since: 100 })
    expect(b!.verdict).toBe(a!.verdict)
    expect(c!.verdict).not.toBe(a!.verdict)
    expect(c!.verdict).toMatchObject({ state: 'working', since: 100 })
    expect(c!.verdict.evidence[0]?.source).toBe('title')
  })

  it('asks for a wake-up when time alone can change the decision', () => {
    const [matched, unmatched] = run([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'screen', at: 500, match: null },
    ])
    expect(nextDeadline(matched!)).toBeNull()
    expect(nextDeadline(unmatched!)).toBe(500 + StatusConstants.UnmatchedHoldMs)
    // A past deadline does not hide a later one (the Esc hold after an old report's draw grace).
    const later = reduceStatus(
      unmatched!,
      { kind: 'report', at: 600, report: { effect: 'blocked', state: 'blocked', at: 600, detail: 'PermissionRequest' } as never },
      600,
      { rootIsShell: false, agent: 'claude' },
    )
    expect(nextDeadline(later, 500 + StatusConstants.UnmatchedHoldMs)).toBe(600 + StatusConstants.DialogDrawGraceMs)
  })
})

/** Gemini CLI 0.61.0 draws its box 0.2–2.8 s after the Notification hook it awaits (load average 13–15). */
describe("an agent's own draw grace for a reported dialog", () => {
  const HOOK_ROW: RuleMatch = { ruleId: 'gemini.working', state: 'working', text: '⠴ Executing Hook: switchboard (esc to cancel, 1s)', fromTitle: false }
  const report = (at: number) =>
    ({ kind: 'report', at, report: { effect: 'blocked', state: 'blocked', at, detail: 'Notification notification_type=ToolPermission' } }) as StatusSignal
  const fold = (c: { rootIsShell: boolean; agent: string; dialogDrawGraceMs?: number }, ticks: number[]) => {
    let m = initialMemory(0)
    const out = new Map<number, StatusMemory>()
    for (const s of [{ kind: 'screen', at: 100, match: HOOK_ROW } as StatusSignal, report(1000), ...ticks.map((at) => ({ kind: 'tick', at }) as StatusSignal)])
      out.set(s.at, (m = reduceStatus(m, s, s.at, c)))
    return out
  }

  it('keeps the work on screen for the agent’s grace, not the default, before the report decides', () => {
    const grace = 4000
    const own = fold({ rootIsShell: false, agent: 'gemini', dialogDrawGraceMs: grace }, [
      1000 + StatusConstants.DialogDrawGraceMs,
      1000 + grace - 1,
      1000 + grace,
    ])
    expect(nextDeadline(own.get(1000)!, 1000, { dialogDrawGraceMs: grace })).toBe(1000 + grace)
    expect(own.get(1000 + StatusConstants.DialogDrawGraceMs)!.verdict.state).toBe('working')
    expect(own.get(1000 + grace - 1)!.verdict.state).toBe('working')
    expect(own.get(1000 + grace)!.verdict.state).toBe('blocked')
    const standard = fold({ rootIsShell: false, agent: 'claude' }, [1000 + StatusConstants.DialogDrawGraceMs])
    expect(standard.get(1000 + StatusConstants.DialogDrawGraceMs)!.verdict.state).toBe('blocked')
  })
})

/** OpenCode 1.18.33 at 60x20 on a loaded machine (test/fixtures/opencode/opencode11833-60x20): issue 8's "OpenCode is late". */
describe('OpenCode: Enter on a typed prompt, and a reported answer', () => {
  const HOME: RuleMatch = { ruleId: 'opencode.home', state: 'idle', text: 'tab agents  ctrl+p commands', fromTitle: false }
  const DIALOG: RuleMatch = { ruleId: 'opencode.permission-dialog', state: 'blocked', text: '△ Permission required', fromTitle: false }
  const oc = { rootIsShell: false, agent: 'opencode', enterSubmitsPrompt: true }
  const fold = (signals: StatusSignal[], c: typeof oc = oc) => {
    let m = initialMemory(0)
    const out: StatusMemory[] = []
    for (const s of signals) out.push((m = reduceStatus(m, s, s.at, c)))
    return out
  }

  it('is working from the Enter while the home screen stays up, until a report or the screen speaks, at most SubmitGraceMs', () => {
    const [, submitted, stillHome, reported] = fold([
      { kind: 'screen', at: 100, match: HOME },
      { kind: 'input', at: 1000, key: 'submit' },
      { kind: 'screen', at: 2500, match: HOME },
      { kind: 'report', at: 6400, report: { effect: 'working', state: 'working', at: 6400, detail: 'hook:chat.message' } as never },
    ])
    expect(submitted!.verdict).toMatchObject({ state: 'working', since: 1000 })
    expect(submitted!.verdict.evidence[0]?.source).toBe('input')
    expect(stillHome!.verdict.state).toBe('working')
    expect(reported!.verdict.evidence[0]?.source).toBe('hook')
    expect(nextDeadline(submitted!, 1000)).toBe(1000 + StatusConstants.SubmitGraceMs)
    // Nothing came: the prompt is idle again after the grace.
    const [, , late] = fold([
      { kind: 'screen', at: 100, match: HOME },
      { kind: 'input', at: 1000, key: 'submit' },
      { kind: 'tick', at: 1000 + StatusConstants.SubmitGraceMs },
    ])
    expect(late!.verdict.state).toBe('idle')
    // Agents whose table does not say so ignore the key.
    const [, plain] = fold(
      [
        { kind: 'screen', at: 100, match: HOME },
        { kind: 'input', at: 1000, key: 'submit' },
      ],
      { ...oc, enterSubmitsPrompt: false },
    )
    expect(plain!.verdict.state).toBe('idle')
  })

  it('leaves blocked when the agent reports the dialog on screen answered, before it redraws', () => {
    const [, blocked, answered, still] = fold([
      { kind: 'report', at: 900, report: { effect: 'blocked', state: 'blocked', at: 900, detail: 'permission.asked' } as never },
      { kind: 'screen', at: 1000, match: DIALOG },
      { kind: 'report', at: 3014, report: { effect: 'answered', state: 'working', at: 3014, detail: 'permission.replied' } as never },
      { kind: 'tick', at: 3014 + AnswerConstants.HoldMs },
    ])
    expect(blocked!.verdict.state).toBe('blocked')
    expect(answered!.verdict).toMatchObject({ state: 'working', since: 3014 })
    // A dialog still drawn after the grace counts again (the agent drew another one).
    expect(still!.verdict.state).toBe('blocked')
  })
})

describe('Codex: the title says a dialog is open, its own terminal state says which', () => {
  it('is question when OSC 7501 says kind=question and only the title rule matched (60x20, test/fixtures/codex/codex01710-60x20)', () => {
    const TITLE: RuleMatch = { ruleId: 'codex.title-action-required', state: 'blocked', text: '[ . ] Action Required | Harness task', fromTitle: true }
    let m = initialMemory(0)
    const c = { rootIsShell: false, agent: 'codex' }
    m = reduceStatus(m, { kind: 'terminal', at: 100, state: { state: 'question' } as never, raw: 'state=blocked:app=codex:kind=question' }, 100, c)
    m = reduceStatus(m, { kind: 'screen', at: 103, match: TITLE }, 103, c)
    expect(m.verdict.state).toBe('question')
    // Without the agent's word, the title still says blocked.
    const alone = reduceStatus(initialMemory(0), { kind: 'screen', at: 103, match: TITLE }, 103, c)
    expect(alone.verdict.state).toBe('blocked')
  })
})

describe('a resize: the screen is the emulator reflow until the program repaints', () => {
  it('keeps a dialog through the reflowed frames for ResizeSettleMs (Pi 0.73.1 60x20 → 50x16: test/fixtures/pi/pi0731-60x20)', () => {
    const GATE: RuleMatch = { ruleId: 'pi.permission-gate', state: 'blocked', text: 'Allow?', fromTitle: false }
    const FOOTER: RuleMatch = { ruleId: 'pi.editor', state: 'idle', text: '↑200 ↓40 0.1%/128k (auto)', fromTitle: false }
    const c = { rootIsShell: false, agent: 'pi' }
    let m = initialMemory(0)
    m = reduceStatus(m, { kind: 'screen', at: 8220, match: GATE }, 8220, c)
    m = reduceStatus(m, { kind: 'resize', at: 8238 }, 8238, c)
    m = reduceStatus(m, { kind: 'screen', at: 8247, match: FOOTER }, 8247, c)
    expect(m.verdict.state).toBe('blocked')
    expect(nextDeadline(m, 8247)).toBe(8238 + StatusConstants.ResizeSettleMs)
    m = reduceStatus(m, { kind: 'screen', at: 8305, match: GATE }, 8305, c)
    expect(m.verdict).toMatchObject({ state: 'blocked', since: 8220 })
    // A screen that still says otherwise once the program had time to repaint is believed.
    m = reduceStatus(m, { kind: 'screen', at: 8600, match: FOOTER }, 8600, c)
    expect(m.verdict.state).toBe('idle')
  })
})

describe('a screen that is no longer read (its mirror froze)', () => {
  const IDLE: RuleMatch = { ruleId: 'claude.prompt-idle', state: 'idle', text: '? for shortcuts', fromTitle: false }

  it('drops what the frozen screen showed, says why, and still takes the agent’s reports', () => {
    const [idle, lost, laterScreen, reported] = run([
      { kind: 'screen', at: 100, match: IDLE },
      { kind: 'screenLost', at: 200, why: 'parser worker died 3 times' },
      // A screen signal after the loss (a stale evaluation) decides nothing.
      { kind: 'screen', at: 300, match: WORKING },
      { kind: 'report', at: 400, report: { effect: 'blocked', state: 'blocked', at: 400, detail: 'PermissionRequest' } as never },
    ])
    expect(idle!.verdict.state).toBe('idle')
    expect(lost!.verdict.state).toBe('unknown')
    expect(lost!.verdict.evidence[0]?.detail).toBe("the screen is no longer read (parser worker died 3 times): the agent's reports and processes decide")
    expect(laterScreen!.verdict.state).toBe('unknown')
    expect(reported!.verdict.state).toBe('blocked')
    expect(reported!.verdict.evidence.map((e) => e.source)).toEqual(['hook', 'screen'])
  })
})

/**
 * A dialog answered, a quick tool, and the turn's Stop reaching the board before the screen's
 * working frame was read (replayEquivalence.test's live pane: the Stop 2 ms after the key, the
 * working frame 10 ms later, then the prompt): the Stop ends this turn, it is not an older one.
 */
describe('a turn end that came before the screen drew the answered dialog’s work', () => {
  const DIALOG: RuleMatch = {
    ruleId: 'claude.permission-dialog',
    state: 'blocked',
    text: 'Do you want to proceed?',
    fromTitle: false,
    dialog: {
      kind: 'permission',
      title: 'Do you want to proceed?',
      options: [
        { key: '1', label: 'Yes' },
        { key: '2', label: 'No' },
      ],
    },
  }
  const PROMPT: RuleMatch = { ruleId: 'claude.footer-idle', state: 'idle', text: '? for shortcuts', fromTitle: false }
  const claude = {
    rootIsShell: false,
    agent: 'claude',
    answers: { keys: { permission: ['enter', 'escape', 'digit'], question: ['enter', 'escape', 'digit'] }, redrawsAnswered: false },
  } as const
  const STOP = { effect: 'turnEnd', state: 'asked', at: 1650, detail: 'Stop', replyKnown: true, ask: 'Shall I commit it too?' }

  const fold = (signals: StatusSignal[]) => {
    let m = initialMemory(0)
    const out: StatusMemory[] = []
    for (const s of signals) out.push((m = reduceStatus(m, s, s.at, claude as never)))
    return out
  }

  it('is asked at the prompt after the late working frame', () => {
    const states = fold([
      { kind: 'screen', at: 100, match: PROMPT },
      { kind: 'report', at: 1000, report: { effect: 'blocked', state: 'blocked', at: 1000, detail: 'PermissionRequest' } as never },
      { kind: 'screen', at: 1100, match: DIALOG },
      { kind: 'input', at: 1648, key: 'digit', digit: '1' },
      { kind: 'report', at: 1650, report: STOP as never },
      { kind: 'screen', at: 1660, match: WORKING },
      { kind: 'screen', at: 1990, match: PROMPT },
    ]).map((m) => m.verdict.state)
    expect(states).toEqual(['idle', 'blocked', 'blocked', 'working', 'working', 'working', 'asked'])
  })

  it('a turn end before a prompt and new work still belongs to the turn before (no dialog answered in between)', () => {
    const states = fold([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'report', at: 500, report: { ...STOP, at: 500 } as never },
      { kind: 'screen', at: 600, match: PROMPT },
      { kind: 'screen', at: 2000, match: WORKING },
      { kind: 'screen', at: 3000, match: PROMPT },
    ]).map((m) => m.verdict.state)
    expect(states).toEqual(['working', 'working', 'asked', 'working', 'idle'])
  })
})

/**
 * A reply the screen read as asking, with no report that knew its text (a Stop without
 * last_assistant_message, or one that came before the final message): Claude 2.1.332 at 50×16
 * (test/fixtures/claude/cc21332-asks-50x16) drew its slash menu over the reply as the user typed
 * `/exit`, and the prompt alone read idle 164 ms before the Enter.
 */
describe('a reply read as asking on screen, then covered while the user types', () => {
  const ASKS: RuleMatch = { ruleId: 'claude.reply-asks', state: 'asked', text: 'Should I also add a regression test?', fromTitle: false }
  const TYPING: RuleMatch = { ruleId: 'claude.prompt-box', state: 'idle', text: '❯ /exit', fromTitle: false }
  const STOP = { effect: 'turnEnd', state: 'idle', at: 900, detail: 'Stop: no reply text', replyKnown: false }
  const claude = { rootIsShell: false, agent: 'claude', enterSubmitsPrompt: true } as const
  const fold = (signals: StatusSignal[]) => {
    let m = initialMemory(0)
    return signals.map((s) => (m = reduceStatus(m, s, s.at, claude as never)))
  }

  it('still asks until the line is entered', () => {
    const out = fold([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'report', at: 900, report: STOP as never },
      { kind: 'screen', at: 1000, match: ASKS },
      { kind: 'screen', at: 4000, match: TYPING },
      { kind: 'input', at: 4200, key: 'quit' },
    ])
    expect(out.map((m) => m.verdict.state)).toEqual(['working', 'working', 'asked', 'asked', 'working'])
    expect(out[3]!.evidence[0]).toMatchObject({ source: 'screen', ask: 'Should I also add a regression test?' })
    expect(out[3]!.evidence[0]!.detail).toContain('no longer shows it')
  })

  it('is forgotten once new work is drawn: the next turn’s prompt is idle', () => {
    const out = fold([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'screen', at: 1000, match: ASKS },
      { kind: 'screen', at: 2000, match: WORKING },
      { kind: 'screen', at: 3000, match: TYPING },
    ])
    expect(out.map((m) => m.verdict.state)).toEqual(['working', 'asked', 'working', 'idle'])
  })

  it('is no question when the turn’s end report knew the reply and says it asks nothing', () => {
    const out = fold([
      { kind: 'screen', at: 100, match: WORKING },
      { kind: 'report', at: 900, report: { ...STOP, detail: 'Stop: reply ends "done."', replyKnown: true } as never },
      { kind: 'screen', at: 1000, match: ASKS },
      { kind: 'screen', at: 4000, match: TYPING },
    ])
    expect(out.map((m) => m.verdict.state)).toEqual(['working', 'working', 'idle', 'idle'])
  })
})
