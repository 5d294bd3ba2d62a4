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

describe('rule files with catastrophic regular expressions (issue 9, 7)', () => {
  const file = (match: string) =>
    ['agent = "x"', 'verified_on = "1.0"', '[[rule]]', 'id = "x.fine"', 'state = "idle"', 'priority = 1', 'region = "screen"', 'match = { line = "ok" }', '[[rule]]', 'id = "x.stall"', 'state = "working"', 'priority = 2', 'region = "screen"', `match = ${match}`].join('\n')

  it.each([
    ['{ regex = "^(a+)+$" }', 'match.regex'],
    ['{ line = "(x*)*y" }', 'match.line'],
    ['{ any = [ { contains = "a" }, { regex = "(?:\\\\w+\\\\s?)+$" } ] }', 'match.any[1].regex'],
    ['{ regex = "(a|aa)+$" }', 'match.regex'],
  ])('refuses %s with file, line and rule id before it can stall the board', (match, path) => {
    const started = Date.now()
    const result = parseRuleFile('x.toml', file(match))
    expect(Date.now() - started).toBeLessThan(500)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map(formatRuleFileError)).toContainEqual(expect.stringMatching(new RegExp(`^x\\.toml:14: rule x\\.stall: ${path.replace(/[[\].]/g, '\\$&')}: .*(backtrack)`)))
  })

  it('still loads the usual shapes: a quantified group without an inner unbounded repeat, classes, escapes', () => {
    for (const ok of ['{ regex = "^(ab)+$" }', '{ regex = "(\\\\d+)\\\\s+tokens" }', '{ regex = "[(+*)]+" }', '{ regex = "(?:a{1,3})+" }', '{ regex = "\\\\(a+\\\\)+" }']) {
      const result = parseRuleFile('x.toml', file(ok))
      if (!result.ok) throw new Error(`${ok}: ${result.errors.map(formatRuleFileError).join('; ')}`)
    }
  })
})
