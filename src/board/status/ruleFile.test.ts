import { readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatRuleFileError, parseRuleFile } from './ruleFile'
import { folderRuleSources } from './ruleRegistry'

const AGENTS_DIR = resolve(__dirname, '../../../resources/agents')

describe('rule files', () => {
  it('every shipped rule file parses, validates and compiles', () => {
    const sources = folderRuleSources(AGENTS_DIR)
    expect(sources.length).toBe(readdirSync(AGENTS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).length)
    for (const { agent, file } of sources) {
      const result = parseRuleFile(file, readFileSync(file, 'utf8'))
      if (!result.ok) throw new Error(result.errors.map(formatRuleFileError).join('\n'))
      expect(result.value.spec.agent).toBe(agent)
    }
  })

  it('names file and line on a TOML syntax error', () => {
    const result = parseRuleFile('x.toml', 'agent = "x"\nverified_on = "1"\n[[rule]]\nid = "x.a\n')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(formatRuleFileError(result.errors[0]!)).toMatch(/^x\.toml:4: /)
  })

  it('names file, line and rule for a bad regex, a bad region and a misspelt key', () => {
    const text = [
      'agent = "x"',
      'verified_on = "1.0"',
      '[[rule]]',
      'id = "x.good"',
      'state = "idle"',
      'priority = 1',
      'region = "screen"',
      'match = { line = "ok" }',
      '[[rule]]',
      'id = "x.bad-regex"',
      'state = "working"',
      'priority = 2',
      'region = "screen"',
      'match = { all = [ { line = "fine" }, { line = "(unclosed" } ] }',
      '[[rule]]',
      'id = "x.bad-region"',
      'state = "working"',
      'priority = 2',
      'region = "middle"',
      'match = { line = "x" }',
      '[[rule]]',
      'id = "x.typo"',
      'state = "working"',
      'priority = 2',
      'region = "screen"',
      'match = { lines = "x" }',
    ].join('\n')
    const result = parseRuleFile('x.toml', text)
    expect(result.ok).toBe(false)
    if (result.ok) return
    const messages = result.errors.map(formatRuleFileError)
    expect(messages).toContainEqual(expect.stringMatching(/^x\.toml:26: rule x\.typo: match/))
    expect(messages).toContainEqual(expect.stringMatching(/^x\.toml:14: rule x\.bad-regex: match\.all\[1\]\.line: invalid regular expression/))
    expect(messages).toContainEqual(expect.stringMatching(/^x\.toml:19: rule x\.bad-region: region: unknown region "middle"/))
  })
})

describe('rule regexes run on the linear-time engine (issue 24 item 2; issues 9, 7)', () => {
  const file = (match: string) =>
    [
      'agent = "x"',
      'verified_on = "1.0"',
      '[[rule]]',
      'id = "x.fine"',
      'state = "idle"',
      'priority = 1',
      'region = "screen"',
      'match = { line = "ok" }',
      '[[rule]]',
      'id = "x.stall"',
      'state = "working"',
      'priority = 2',
      'region = "screen"',
      `match = ${match}`,
    ].join('\n')
  const loaded = (match: string) => {
    const result = parseRuleFile('x.toml', file(match))
    if (!result.ok) throw new Error(`${match}: ${result.errors.map(formatRuleFileError).join('; ')}`)
    return result.value.rules
  }
  const refusal = (match: string) => {
    const result = parseRuleFile('x.toml', file(match))
    expect(result.ok).toBe(false)
    return result.ok ? [] : result.errors.map(formatRuleFileError)
  }

  // The four bypasses of the old structural check (`^(\w|\d)+$` took 84 s on 29 characters), the
  // shapes it used to refuse, and the rows that make a backtracking engine explode on each.
  it.each([
    ["{ line = '^(\\w|\\d)+$' }", `${'1'.repeat(28)}!`, '12ab'],
    ["{ line = '^([a-z]|a)+$' }", `${'a'.repeat(28)}!`, 'abc'],
    ["{ line = '^.*.*.*.*.*.*=$' }", 'x'.repeat(200), 'x='],
    ["{ regex = '^(a+)+$' }", `${'a'.repeat(40)}!`, 'aa'],
    ["{ line = '(x*)*y' }", 'x'.repeat(40), 'xxy'],
    ['{ any = [ { contains = "z" }, { regex = \'^(?:\\w+\\s?)+$\' } ] }', `${'word '.repeat(30)}!`, 'two words'],
    ["{ regex = '^(a|aa)+$' }", `${'a'.repeat(60)}!`, 'aaa'],
  ])('loads %s and matches it in linear time (the row of the attack takes no time)', (match, row, matching) => {
    const rules = loaded(match)
    const stall = rules.find((r) => r.id === 'x.stall')!
    const rows = Array.from({ length: 50 }, () => row)
    const started = performance.now()
    expect(stall.test(rows, { lines: rows, title: '', alternate: false })).toBeNull()
    // Backtracking, the first row alone took seconds to hours; linear, 50 of them take a few ms.
    expect(performance.now() - started).toBeLessThan(500)
    // …and it still matches what it says.
    expect(stall.test(['nothing', matching], { lines: [], title: '', alternate: false })).not.toBeNull()
  })

  it.each([
    ["{ line = '^(a+){12}$' }", 'match.line', /counted repeat/],
    ["{ line = '^❯(?!\\s*\\d+\\.\\s)' }", 'match.line', /lookahead or lookbehind/],
    ['{ all = [ { contains = "a" }, { line = \'(?<=x)y\' } ] }', 'match.all[1].line', /lookahead or lookbehind/],
    ["{ regex = '(a)\\1' }", 'match.regex', /back-reference/],
    ["{ line = '^[\\u{2800}-\\u{28FF}]' }", 'match.line', /write \\uXXXX/],
    ["{ line = '^\\p{L}' }", 'match.line', /Unicode property/],
    ["{ line = '^🤖 ' }", 'match.line', /above U\+FFFF/],
    ["{ line = '(' }", 'match.line', /invalid regular expression/],
  ])('refuses %s with file, line, rule id and why', (match, path, why) => {
    const errors = refusal(match)
    const at = errors.find((e) => e.startsWith(`x.toml:14: rule x.stall: ${path}: `))
    expect(at, errors.join('; ')).toBeDefined()
    expect(at).toMatch(why)
  })

  it('refuses a top-level regex the engine cannot run at its key, and a backtracking `recognize` loads', () => {
    const head = (key: string) =>
      [
        'agent = "x"',
        'verified_on = "1.0"',
        key,
        '[[rule]]',
        'id = "x.fine"',
        'state = "idle"',
        'priority = 1',
        'region = "screen"',
        'match = { line = "ok" }',
      ].join('\n')
    const bad = parseRuleFile('x.toml', head("screen_version = 'v(?=\\d)(?<version>\\S+)'"))
    expect(bad.ok ? [] : bad.errors.map(formatRuleFileError)).toEqual([expect.stringMatching(/^x\.toml:3: screen_version: a lookahead/)])
    const good = parseRuleFile('x.toml', head("recognize = ['^(\\w|\\d)+$']"))
    if (!good.ok) throw new Error(good.errors.map(formatRuleFileError).join('; '))
    const started = performance.now()
    expect(good.value.recognize[0]!.test(`${'1'.repeat(28)}!`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(500)
  })
})
