import { describe, expect, it } from 'vitest'
import { compileRules, type CompiledRule } from './compileRules'
// The engine main compiles rules with (the linear one): the core's tests run the rules the board runs.
import { compileRuleRegex } from '../../board/status/ruleRegex'
import { evaluateRules, traceRules } from './evaluateRules'
import { parseRegion, selectRegion } from './regions'
import type { RuleSpec, ScreenView } from './ruleTypes'

/** Rows of a real Claude Code 2.1.197 screen (fixtures/claude/cc-80x24.cast at t=8.9 s). */
const CLAUDE_DIALOG: ScreenView = {
  title: '✳ Harness scenario',
  alternate: false,
  lines: [
    '● I will create the file now.',
    '',
    '● Bash(touch x.txt)',
    '  ⎿  Waiting…',
    '     ',
    '─'.repeat(80),
    ' Bash command',
    '   ',
    '   touch x.txt',
    '   Create empty file x.txt',
    '',
    ' Do you want to proceed?',
    ' ❯ 1. Yes',
    '   2. Yes, and always allow access to work/ from this project',
    '   3. No',
    '',
    ' Esc to cancel · Tab to amend · ctrl+e to explain',
  ],
}

/** The same session idle (t=5.2 s): the prompt box between two rules, the footer below. */
const CLAUDE_IDLE: ScreenView = {
  title: '✳ Harness scenario',
  alternate: false,
  lines: ['● I looked at the project.', '', '✻ Cogitated for 1s', '', '─'.repeat(80), '❯ ', '─'.repeat(80), '  ? for shortcuts · ← for agents', ''],
}

function compile(specs: RuleSpec[]): readonly CompiledRule[] {
  const result = compileRules(specs, compileRuleRegex)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  return result.rules
}

const rule = (over: Partial<RuleSpec> & Pick<RuleSpec, 'id' | 'match'>): RuleSpec => ({ state: 'idle', priority: 0, region: 'screen', ...over })

describe('regions', () => {
  it('parses the documented forms and nothing else', () => {
    expect(parseRegion('bottom:3')).toEqual({ kind: 'bottom', count: 3 })
    expect(parseRegion('after-rule')).toEqual({ kind: 'after-rule', nth: 1 })
    expect(parseRegion('above-rule:2:1')).toEqual({ kind: 'above-rule', nth: 2, count: 1 })
    expect(parseRegion('rows:-3:-1')).toEqual({ kind: 'rows', from: -3, to: -1 })
    for (const bad of ['bottom', 'bottom:0', 'after-rule:0', 'middle', 'rows:1']) expect(parseRegion(bad)).toBeNull()
  })

  it('selects rows of the bottom page by structure', () => {
    const rows = (spec: string, view: ScreenView) => selectRegion(view, parseRegion(spec)!).rows
    expect(rows('after-rule', CLAUDE_DIALOG)[0]).toBe(' Bash command')
    expect(rows('after-rule', CLAUDE_IDLE)).toEqual(['  ? for shortcuts · ← for agents', ''])
    expect(rows('prompt-box', CLAUDE_IDLE)).toEqual(['❯ '])
    expect(rows('prompt-box', CLAUDE_DIALOG)).toEqual([])
    expect(rows('above-rule:2:1', CLAUDE_IDLE)).toEqual(['✻ Cogitated for 1s'])
    expect(rows('bottom:2', CLAUDE_DIALOG)).toEqual(['   3. No', ' Esc to cancel · Tab to amend · ctrl+e to explain'])
    expect(rows('rows:-2:-1', CLAUDE_IDLE)).toEqual(['  ? for shortcuts · ← for agents', ''])
    expect(rows('title', CLAUDE_IDLE)).toEqual(['✳ Harness scenario'])
  })
})

describe('matchers and first match', () => {
  it('evaluates contains, line, regex, any, all, not and `in`', () => {
    const rules = compile([
      rule({ id: 't.not', state: 'working', priority: 9, match: { all: [{ contains: 'Bash command' }, { not: { contains: 'Esc to cancel' } }] } }),
      rule({ id: 't.regex', state: 'question', priority: 8, match: { regex: '^ Do you want to proceed\\?\\n ❯ 1\\. Yes$' }, region: 'after-rule' }),
      rule({ id: 't.in', state: 'blocked', priority: 7, match: { all: [{ line: '^ Do you want' }, { line: 'Esc to cancel', in: 'bottom:1' }] } }),
    ])
    expect(evaluateRules(rules, CLAUDE_DIALOG)).toMatchObject({ ruleId: 't.regex', text: 'Do you want to proceed?\n ❯ 1. Yes' })
    expect(evaluateRules(rules.slice(2), CLAUDE_DIALOG)).toMatchObject({ ruleId: 't.in', state: 'blocked', text: 'Do you want to proceed?' })
    expect(evaluateRules(rules, CLAUDE_IDLE)).toBeNull()
  })

  it('orders by priority, file order among equals, and traces every rule for explain', () => {
    const rules = compile([
      rule({ id: 't.low', state: 'working', priority: 1, match: { contains: 'Esc to cancel' } }),
      rule({ id: 't.first', state: 'blocked', priority: 5, match: { contains: 'Do you want' } }),
      rule({ id: 't.second', state: 'question', priority: 5, match: { contains: 'Do you want' } }),
    ])
    expect(rules.map((r) => r.id)).toEqual(['t.first', 't.second', 't.low'])
    expect(evaluateRules(rules, CLAUDE_DIALOG)?.ruleId).toBe('t.first')
    expect(traceRules(rules, CLAUDE_IDLE).map((t) => t.matched)).toEqual([false, false, false])
  })

  it('extracts a dialog: title, keyed options, positional keys for arrow-selected options', () => {
    const [numbered, arrows] = compile([
      rule({
        id: 't.numbered',
        state: 'blocked',
        region: 'after-rule',
        match: { contains: 'Do you want' },
        dialog: { kind: 'permission', title: '^\\s*(Do you want .*\\?)$', option: '^\\s*(?:❯\\s*)?(?<key>\\d+)\\.\\s+(?<label>\\S.*?)\\s*$' },
      }),
      rule({ id: 't.arrows', state: 'blocked', match: { contains: 'Do you want' }, dialog: { kind: 'permission', option: '(?<label>Yes, and always|No)$' } }),
    ])
    expect(evaluateRules([numbered!], CLAUDE_DIALOG)?.dialog).toEqual({
      kind: 'permission',
      title: 'Do you want to proceed?',
      options: [
        { key: '1', label: 'Yes' },
        { key: '2', label: 'Yes, and always allow access to work/ from this project' },
        { key: '3', label: 'No' },
      ],
    })
    expect(evaluateRules([arrows!], CLAUDE_DIALOG)?.dialog?.options).toEqual([{ key: '1', label: 'No' }])
  })

  it('a row whose option match leaves a named `label` out is no option (what a lookahead said before rules were linear: Hermes’ "Show full command")', () => {
    const box: ScreenView = {
      title: '',
      alternate: false,
      lines: [
        '│ ⚠️  Dangerous Command                │',
        '│ ❯ 1. Allow once                     │',
        '│   2. Show full command              │',
        '│   3. Deny                           │',
      ],
    }
    const [hermes] = compile([
      rule({
        id: 't.box',
        state: 'blocked',
        match: { contains: 'Dangerous Command' },
        dialog: { kind: 'permission', option: String.raw`^\s*│\s*(?:❯\s*)?(?<key>\d+)\.\s+(?:Show full command\s*│(?:.*│)?\s*$|(?<label>\S.*?)\s*│\s*$)` },
      }),
    ])
    expect(evaluateRules([hermes!], box)?.dialog?.options).toEqual([
      { key: '1', label: 'Allow once' },
      { key: '3', label: 'Deny' },
    ])
  })

  it('marks a dialog chosen with the arrows, with the highlighted option from the cursor group', () => {
    // Claude Code 2.1.332's folder-trust dialog (test/fixtures/claude/cc21332-trust-yes-80x24.cast).
    const trust: ScreenView = {
      title: '',
      alternate: true,
      lines: [
        '─'.repeat(80),
        ' Accessing workspace:',
        '',
        ' Security guide',
        '',
        ' ❯ No, exit',
        '   Yes, I trust this folder',
        '',
        ' Enter to confirm · Esc to cancel',
      ],
    }
    const spec = { kind: 'permission', option: '^\\s*(?:(?<cursor>❯)\\s*)?(?<label>Yes, I trust this folder|No, exit)\\s*$' } as const
    const [arrows, digits] = compile([
      rule({ id: 't.arrows', state: 'blocked', match: { contains: 'Enter to confirm' }, dialog: { ...spec, choose: 'arrows' } }),
      rule({ id: 't.digits', state: 'blocked', match: { contains: 'Enter to confirm' }, dialog: spec }),
    ])
    const options = [
      { key: '1', label: 'No, exit' },
      { key: '2', label: 'Yes, I trust this folder' },
    ]
    expect(evaluateRules([arrows!], trust)?.dialog).toEqual({ kind: 'permission', title: '', options, choose: 'arrows', cursor: 0 })
    const moved = { ...trust, lines: trust.lines.map((l) => l.replace('❯ No', '  No').replace('  Yes', '❯ Yes')) }
    expect(evaluateRules([arrows!], moved)?.dialog?.cursor).toBe(1)
    // The default (digits) says nothing about arrows.
    expect(evaluateRules([digits!], trust)?.dialog).toEqual({ kind: 'permission', title: '', options })
  })

  it('reports every broken rule with its id and the path inside it', () => {
    const result = compileRules(
      [
        rule({ id: 't.ok', match: { contains: 'x' } }),
        rule({ id: 't.re', match: { any: [{ line: 'ok' }, { line: '(' }] } }),
        rule({ id: 't.region', region: 'nowhere', match: { contains: 'x' } }),
        rule({ id: 't.ok', match: { contains: 'y' } }),
        rule({ id: 't.dialog', state: 'idle', match: { contains: 'x' }, dialog: { kind: 'question' } }),
      ],
      compileRuleRegex,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map((e) => [e.ruleId, e.path])).toEqual([
      ['t.re', 'match.any[1].line'],
      ['t.region', 'region'],
      ['t.ok', 'id'],
      ['t.dialog', 'dialog'],
    ])
  })
})
