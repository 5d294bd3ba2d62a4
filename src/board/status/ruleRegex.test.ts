import { execFileSync } from 'node:child_process'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { compileRuleRegex } from './ruleRegex'

/** Compiles a regex with the `l` flag in plain JavaScript (no import of ruleRegex.ts): says whether the engine is on there. */
const PROBE = "let ok; try { new RegExp('^(\\\\w|\\\\d)+$', 'l'); ok = 'linear' } catch (e) { ok = e.message }"

describe('compileRuleRegex: the linear-time engine (issue 24 item 2)', () => {
  it('runs the issue’s regex on its 29 characters in no time (backtracking: 84 s), and matches as before', () => {
    const re = compileRuleRegex(String.raw`^(\w|\d)+$`)
    const started = performance.now()
    expect(re.test(`${'1'.repeat(28)}!`)).toBe(false)
    expect(re.test(`${'1'.repeat(2000)}!`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(500)
    expect(re.test('abc123')).toBe(true)
    // Backtracking first (the linear engine is an interpreter, 20–60× slower on ordinary rows), linear past 50 000 backtracks.
    expect(re.flags).not.toContain('l')
    // Named groups, global, multiline: what rules use.
    expect([...'1. Yes  2. No'.matchAll(compileRuleRegex(String.raw`(?<key>\d)\.\s(?<label>\w+)`, 'g'))].map((m) => m.groups)).toEqual([
      { key: '1', label: 'Yes' },
      { key: '2', label: 'No' },
    ])
    expect(compileRuleRegex('^b$', 'm').test('a\nb')).toBe(true)
  })

  it('keeps the u grammar’s strictness and refuses what would mean something else without u', () => {
    expect(() => compileRuleRegex(String.raw`\a`)).toThrow(/invalid regular expression/)
    expect(() => compileRuleRegex('a{')).toThrow(/invalid regular expression/)
    expect(() => compileRuleRegex(String.raw`[\u{2800}-\u{28FF}]`)).toThrow(/write \\uXXXX/)
    expect(() => compileRuleRegex(String.raw`\p{L}+`)).toThrow(/Unicode property/)
    expect(() => compileRuleRegex('[🤖]')).toThrow(/above U\+FFFF.*\\uD83E\\uDD16/)
    // An escaped backslash before p is a literal backslash, not a property.
    expect(compileRuleRegex(String.raw`\\p`).test('\\p')).toBe(true)
    expect(compileRuleRegex(String.raw`^[\u2800-\u28FF]`).test('⠋ Working')).toBe(true)
  })

  it('says why the engine refuses a regex', () => {
    expect(() => compileRuleRegex('a(?!b)')).toThrow(/lookahead or lookbehind/)
    expect(() => compileRuleRegex('(?<=a)b')).toThrow(/lookahead or lookbehind/)
    expect(() => compileRuleRegex(String.raw`(a)\1`)).toThrow(/back-reference/)
    expect(() => compileRuleRegex(String.raw`(?<x>a)\k<x>`)).toThrow(/back-reference/)
    expect(() => compileRuleRegex('^(a+){12}$')).toThrow(/counted repeat/)
    expect(() => compileRuleRegex('a{20}')).toThrow(/counted repeat/)
    expect(compileRuleRegex('a{16}').test('a'.repeat(16))).toBe(true)
  })

  it('the engine is on in every thread of a process that compiled a rule: the flags are the process’s, a worker needs no import of its own', async () => {
    const worker = new Worker(`${PROBE}; require('node:worker_threads').parentPort.postMessage(ok)`, { eval: true })
    try {
      const answer = await new Promise((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      })
      expect(answer).toBe('linear')
    } finally {
      await worker.terminate()
    }
  })

  it('…and off in another process that did not go through ruleRegex.ts: each process that compiles rules imports it', () => {
    const out = execFileSync(process.execPath, ['-e', `${PROBE}; process.stdout.write(ok)`], { encoding: 'utf8', timeout: 10_000 })
    expect(out).toMatch(/Invalid flags/)
  })
})
