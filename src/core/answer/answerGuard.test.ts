import { describe, expect, it } from 'vitest'
import { PANE_STATES, type DialogInfo, type PaneState } from '../../shared/domain/pane'
import type { AnswerRequest } from '../../shared/ipc/contract'
import { AnswerConstants, pasteEchoOf, planAnswer, type LivePane } from './answerGuard'
import { shippedAgents } from '../../board/agents/agentCatalog'
import { denyKey, optionKeys, optionsAnswerable } from './dialogKeys'

/** The shipped agent's dialog keys (its agent.toml). */
const keysOf = (agent: string | null) => shippedAgents().knowledge(agent)?.dialogKeys ?? null
const pasteEchoOfAgent = (agent: string | null) => shippedAgents().knowledge(agent)?.pasteEcho ?? null

const PERMISSION: DialogInfo = {
  kind: 'permission',
  title: 'Do you want to proceed?',
  options: [
    { key: '1', label: 'Yes' },
    { key: '2', label: 'Yes, and always allow access to work/ from this project' },
    { key: '3', label: 'No' },
  ],
}
const QUESTION: DialogInfo = {
  kind: 'question',
  title: 'Which database should the service use?',
  options: [
    { key: '1', label: 'PostgreSQL' },
    { key: '2', label: 'SQLite' },
  ],
}
const FP = 'dlg-aaaaaaaabbbbbbbb'

function live(state: PaneState, extra: Partial<LivePane> = {}): LivePane {
  const dialog = state === 'blocked' ? PERMISSION : state === 'question' ? QUESTION : null
  const agent = extra.agent === undefined ? 'claude' : extra.agent
  return { state, agent, keys: keysOf(agent), pasteEcho: pasteEchoOfAgent(agent), dialog, fingerprint: dialog ? FP : null, bracketedPaste: true, ...extra }
}

const text = (t: string, extra: Partial<Extract<AnswerRequest, { kind: 'text' }>> = {}): AnswerRequest => ({ kind: 'text', text: t, seen: 'idle', ...extra })
const option = (key: string, fingerprint = FP): AnswerRequest => ({ kind: 'option', key, fingerprint })
const deny = (fingerprint = FP): AnswerRequest => ({ kind: 'deny', fingerprint })

/** What the guard does, in one word per case: the writes joined by "|", or "refused:<reason>". */
function outcome(l: LivePane, req: AnswerRequest): string {
  const plan = planAnswer(l, req)
  return plan.ok ? plan.writes.map((w) => JSON.stringify(w.data)).join('|') : `refused:${plan.reason}`
}

describe('answer guard: every state × action', () => {
  const actions: Record<string, AnswerRequest> = {
    text: text('fix it'),
    'text, send anyway': text('fix it', { sendAnyway: true }),
    option: option('1'),
    deny: deny(),
  }
  const P = (t: string) => JSON.stringify(`\x1b[200~${t}\x1b[201~`)
  const sent = `${P('fix it')}|"\\r"`
  const expected: Record<PaneState, Record<string, string>> = {
    idle: { text: sent, 'text, send anyway': sent, option: 'refused:dialog-closed', deny: 'refused:dialog-closed' },
    input: { text: sent, 'text, send anyway': sent, option: 'refused:dialog-closed', deny: 'refused:dialog-closed' },
    asked: { text: sent, 'text, send anyway': sent, option: 'refused:dialog-closed', deny: 'refused:dialog-closed' },
    working: { text: 'refused:busy', 'text, send anyway': sent, option: 'refused:dialog-closed', deny: 'refused:dialog-closed' },
    starting: { text: 'refused:busy', 'text, send anyway': sent, option: 'refused:dialog-closed', deny: 'refused:dialog-closed' },
    unknown: { text: 'refused:busy', 'text, send anyway': sent, option: 'refused:dialog-closed', deny: 'refused:dialog-closed' },
    blocked: { text: 'refused:dialog-open', 'text, send anyway': 'refused:dialog-open', option: '"1"', deny: '"\\u001b"' },
    question: { text: 'refused:dialog-open', 'text, send anyway': 'refused:dialog-open', option: '"1"', deny: '"\\u001b"' },
    exited: { text: 'refused:exited', 'text, send anyway': 'refused:exited', option: 'refused:exited', deny: 'refused:exited' },
    reconnecting: { text: 'refused:reconnecting', 'text, send anyway': 'refused:reconnecting', option: 'refused:reconnecting', deny: 'refused:reconnecting' },
  }
  for (const state of PANE_STATES) {
    for (const [name, req] of Object.entries(actions)) {
      it(`${state} × ${name} → ${expected[state][name]}`, () => expect(outcome(live(state), req)).toBe(expected[state][name]))
    }
  }
})

describe('answer guard: text', () => {
  it('sends the text as a bracketed paste where the program enabled it, then Enter as a separate write after the delay', () => {
    const plan = planAnswer(live('idle'), text('run the tests'))
    expect(plan).toEqual({
      ok: true,
      writes: [
        { data: '\x1b[200~run the tests\x1b[201~', delayMs: 0 },
        { data: '\r', delayMs: AnswerConstants.PasteEnterDelayMs, afterRedraw: true, redrawOptional: true },
      ],
      stillIn: ['idle', 'asked', 'input'],
      summary: 'the text as a paste, then Enter',
    })
    expect(AnswerConstants.PasteEnterDelayMs).toBeGreaterThan(0)
  })

  it("sends Enter only once the paste is on screen, past the agent's paste window, where its Enter right after a paste is a newline (Gemini CLI)", () => {
    const plan = planAnswer(live('idle', { agent: 'gemini' }), text('run the tests, please'))
    expect(plan.ok && plan.writes).toEqual([
      { data: '\x1b[200~run the tests, please\x1b[201~', delayMs: 0 },
      { data: '\r', delayMs: 40 + AnswerConstants.PasteWindowMarginMs, afterEcho: 'runthetests,' },
    ])
    const echo = { windowMs: 40, placeholder: { overChars: 500, overLines: 5, shows: '[Pasted Text: ' } }
    // Whitespace aside (a wrapped row), the first characters; a long paste shows its placeholder.
    expect(pasteEchoOf('Green,\tplease', echo)).toBe('Green,please')
    expect(pasteEchoOf('x'.repeat(501), echo)).toBe('[Pasted Text: ')
    expect(pasteEchoOf('1\n2\n3\n4\n5\n6', echo)).toBe('[Pasted Text: ')
  })

  it('types the line where the program has no bracketed paste, with a longer delay before Enter', () => {
    const plan = planAnswer(live('idle', { bracketedPaste: false }), text('run the tests'))
    expect(plan.ok && plan.writes).toEqual([
      { data: 'run the tests', delayMs: 0 },
      { data: '\r', delayMs: AnswerConstants.TypedEnterDelayMs },
    ])
    expect(plan.ok && plan.summary).toBe('the line, then Enter')
  })

  it('sends several lines as one bracketed paste (line breaks as CR), then Enter apart', () => {
    const plan = planAnswer(live('asked'), text('yes\r\nand add a test\n\n'))
    expect(plan.ok && plan.writes.map((w) => w.data)).toEqual(['\x1b[200~yes\rand add a test\x1b[201~', '\r'])
  })

  it('refuses several lines where the program did not enable bracketed paste', () => {
    expect(outcome(live('idle', { bracketedPaste: false }), text('a\nb'))).toBe('refused:multiline-unsupported')
    expect(outcome(live('idle', { bracketedPaste: false }), text('one line\n'))).toBe('"one line"|"\\r"')
  })

  it('refuses empty text and control characters (an Esc could end a paste or drive the program)', () => {
    expect(outcome(live('idle'), text('  \n '))).toBe('refused:empty')
    expect(outcome(live('idle'), text('a\x1b[201~b'))).toBe('refused:control-chars')
    expect(outcome(live('idle'), text('\x03'))).toBe('refused:control-chars')
    expect(outcome(live('idle', { bracketedPaste: false }), text('tab\tis fine'))).toBe('"tab\\tis fine"|"\\r"')
  })

  it('refuses text typed while a dialog was on screen, even when the dialog has closed since', () => {
    expect(outcome(live('idle'), text('y', { seen: 'blocked' }))).toBe('refused:seen-dialog')
    expect(outcome(live('idle'), text('y', { seen: 'question', sendAnyway: true }))).toBe('refused:seen-dialog')
  })

  it('requires the pane to stay ready between the line and its Enter (send anyway: not in a dialog)', () => {
    const ready = planAnswer(live('idle'), text('x'))
    expect(ready.ok && ready.stillIn).toEqual(['idle', 'asked', 'input'])
    const anyway = planAnswer(live('working'), text('x', { sendAnyway: true }))
    expect(anyway.ok && anyway.stillIn).toEqual(['idle', 'asked', 'input', 'working', 'starting', 'unknown'])
  })

  it('says what to do in every refusal', () => {
    for (const state of PANE_STATES) {
      const plan = planAnswer(live(state), text('x'))
      if (!plan.ok) expect(plan.message.length, state).toBeGreaterThan(20)
    }
  })
})

describe('answer guard: dialogs', () => {
  it('binds an answer to the dialog instance: a changed fingerprint sends nothing', () => {
    expect(outcome(live('blocked'), option('1', 'dlg-other'))).toBe('refused:dialog-changed')
    expect(outcome(live('question'), deny('dlg-other'))).toBe('refused:dialog-changed')
  })

  it('takes the same instance as seen at another terminal size (DialogSightings), and only that', () => {
    expect(outcome(live('blocked', { sameDialog: ['dlg-before-resize'] }), option('1', 'dlg-before-resize'))).not.toMatch(/^refused/)
    expect(outcome(live('blocked', { sameDialog: ['dlg-before-resize'] }), option('1', 'dlg-other'))).toBe('refused:dialog-changed')
  })

  it('a closed dialog sends nothing, also when the verdict still says blocked but no dialog is on screen', () => {
    expect(outcome(live('working'), option('1'))).toBe('refused:dialog-closed')
    expect(outcome(live('blocked', { dialog: null, fingerprint: null }), option('1'))).toBe('refused:dialog-closed')
    expect(outcome(live('blocked', { dialog: null, fingerprint: null }), deny())).toBe('refused:dialog-closed')
  })

  it('refuses an option the dialog does not have', () => {
    expect(outcome(live('blocked'), option('4'))).toBe('refused:unknown-option')
  })

  it('answers with the digit for Claude and Codex, and refuses where the keys are not known', () => {
    expect(outcome(live('question'), option('2'))).toBe('"2"')
    expect(outcome(live('blocked', { agent: 'codex' }), option('3'))).toBe('"3"')
    expect(outcome(live('blocked', { agent: 'opencode' }), option('1'))).toBe('refused:unsupported-dialog')
    expect(outcome(live('blocked', { agent: null }), option('1'))).toBe('refused:unsupported-dialog')
    expect(outcome(live('blocked', { agent: 'pi' }), option('1'))).toBe('refused:unsupported-dialog')
    expect(outcome(live('blocked', { agent: 'pi' }), deny())).toBe('"\\u001b"')
    expect(outcome(live('blocked', { agent: 'opencode' }), deny())).toBe('refused:unsupported-dialog')
  })

  it('knows which dialogs it can answer', () => {
    expect(optionsAnswerable(keysOf('claude'), PERMISSION)).toBe(true)
    expect(optionsAnswerable(keysOf('opencode'), PERMISSION)).toBe(false)
    expect(optionsAnswerable(keysOf('claude'), { ...PERMISSION, options: [{ key: '10', label: 'Ten' }] })).toBe(false)
    expect(optionsAnswerable(keysOf('claude'), { ...PERMISSION, options: [] })).toBe(false)
    expect(optionKeys(keysOf('codex'), QUESTION, '2')).toBe('2')
    expect(denyKey(keysOf('claude'))).toBe('\x1b')
    expect(denyKey(keysOf(null))).toBeNull()
  })

  // Claude Code 2.1.332's folder-trust dialog: unnumbered, "No, exit" highlighted first; a digit does nothing there.
  const TRUST: DialogInfo = {
    kind: 'permission',
    title: 'Quick safety check: Is this a project you created or one you trust?',
    options: [
      { key: '1', label: 'No, exit' },
      { key: '2', label: 'Yes, I trust this folder' },
    ],
    choose: 'arrows',
    cursor: 0,
  }

  it('chooses an option of an arrows dialog by moving the highlight to it, then Enter, each after the redraw and only while it is open', () => {
    const plan = planAnswer(live('blocked', { dialog: TRUST }), option('2'))
    expect(plan).toMatchObject({
      ok: true,
      writes: [
        { data: '\x1b[B', delayMs: 0 },
        { data: '\r', delayMs: AnswerConstants.ArrowDelayMs, afterRedraw: true },
      ],
      stillIn: ['blocked'],
      summary: 'option 2 (Yes, I trust this folder)',
    })
    expect(outcome(live('blocked', { dialog: TRUST }), option('1'))).toBe('"\\r"')
    expect(outcome(live('blocked', { dialog: { ...TRUST, cursor: 1 } }), option('1'))).toBe('"\\u001b[A"|"\\r"')
  })

  it('never sends a digit to an arrows dialog, and refuses one it cannot count from', () => {
    expect(optionKeys(keysOf('claude'), TRUST, '2')).toBeNull()
    expect(optionsAnswerable(keysOf('claude'), TRUST)).toBe(true)
    const { cursor: _, ...noCursor } = TRUST
    expect(outcome(live('blocked', { dialog: noCursor }), option('2'))).toBe('refused:unsupported-dialog')
    // Codex measured no arrow keys: the board says so rather than guess.
    expect(outcome(live('blocked', { agent: 'codex', dialog: TRUST }), option('2'))).toBe('refused:unsupported-dialog')
    expect(optionsAnswerable(keysOf('codex'), TRUST)).toBe(false)
  })
})

describe('answer guard: the question’s free-text option (“Type something.”)', () => {
  const FREE: DialogInfo = {
    kind: 'question',
    title: 'Which database should the service use?',
    options: [
      { key: '1', label: 'PostgreSQL' },
      { key: '2', label: 'SQLite' },
      { key: '3', label: 'Redis' },
      { key: '4', label: 'Type something.' },
      { key: '5', label: 'Chat about this' },
    ],
  }
  const open = (extra: Partial<LivePane> = {}) => live('question', { dialog: FREE, ...extra })
  const free = (key: string, t: string, fingerprint = FP): AnswerRequest => ({ kind: 'free-text', key, text: t, fingerprint })

  it('is found by its label, for the agents whose free-text input was measured', async () => {
    const { freeTextKey } = await import('./dialogKeys')
    expect(freeTextKey(keysOf('claude'), FREE)).toBe('4')
    expect(freeTextKey(keysOf('codex'), FREE)).toBeNull()
    expect(freeTextKey(keysOf('claude'), QUESTION)).toBeNull()
    expect(freeTextKey(keysOf('claude'), { ...FREE, kind: 'permission' })).toBeNull()
  })

  it('the digit, then the text as a paste, then Enter, each apart and only while the question is still open', () => {
    const plan = planAnswer(open(), free('4', 'MariaDB, please'))
    expect(plan).toMatchObject({ ok: true, stillIn: ['question'] })
    if (!plan.ok) return
    expect(plan.writes).toEqual([
      { data: '4', delayMs: 0 },
      { data: '\x1b[200~MariaDB, please\x1b[201~', delayMs: AnswerConstants.FreeTextOpenDelayMs, afterRedraw: true },
      { data: '\r', delayMs: AnswerConstants.PasteEnterDelayMs, afterRedraw: true, redrawOptional: true },
    ])
  })

  it('is bound to the dialog instance and to the free-text option', () => {
    expect(outcome(open(), free('4', 'x', 'dlg-other'))).toBe('refused:dialog-changed')
    expect(outcome(live('idle'), free('4', 'x'))).toBe('refused:dialog-closed')
    expect(outcome(open(), free('2', 'x'))).toBe('refused:not-free-text')
    expect(outcome(live('question'), free('4', 'x'))).toBe('refused:not-free-text')
    expect(outcome(open({ agent: 'codex' }), free('4', 'x'))).toBe('refused:not-free-text')
  })

  it('refuses empty text, controls and several lines (the input takes one line)', () => {
    expect(outcome(open(), free('4', '  '))).toBe('refused:empty')
    expect(outcome(open(), free('4', 'a\x1b[Ab'))).toBe('refused:control-chars')
    expect(outcome(open(), free('4', 'one\ntwo'))).toBe('refused:multiline-unsupported')
    expect(outcome(open(), free('4', 'one\n'))).toBe('"4"|"\\u001b[200~one\\u001b[201~"|"\\r"')
  })
})
