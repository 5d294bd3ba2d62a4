import { describe, expect, it } from 'vitest'
import { askedQuestion, cleanTitle, describeAge, describeExit, formatAge, formatArgv, shortPath } from './format'

describe('format', () => {
  it('formats ages compactly', () => {
    expect(formatAge(-500)).toBe('0s')
    expect(formatAge(12_400)).toBe('12s')
    expect(formatAge(59_999)).toBe('59s')
    expect(formatAge(3 * 60_000 + 5_000)).toBe('3m')
    expect(formatAge(2 * 3_600_000)).toBe('2h')
    expect(formatAge(49 * 3_600_000)).toBe('2d')
  })

  it('spells ages out', () => {
    expect(describeAge(1_000)).toBe('1 second')
    expect(describeAge(125_000)).toBe('2 minutes')
  })

  it('quotes argv words that need it', () => {
    expect(formatArgv(['bash', '-c', "echo 'hi' there"])).toBe(`bash -c 'echo '\\''hi'\\'' there'`)
    expect(formatArgv(['/usr/bin/env', 'A=1', 'x.ts'])).toBe('/usr/bin/env A=1 x.ts')
  })

  it('shortens paths to their last components', () => {
    expect(shortPath('/home/me/src/project')).toBe('…/src/project')
    expect(shortPath('/tmp')).toBe('/tmp')
  })

  it('describes exits', () => {
    expect(describeExit({ code: 3, signal: null })).toBe('exit code 3')
    expect(describeExit({ code: 0, signal: 15 })).toBe('killed by SIGTERM')
  })

  it('drops the agents’ status decoration from titles', () => {
    expect(cleanTitle('✳ Harness scenario')).toBe('Harness scenario')
    expect(cleanTitle('⠐ Harness scenario')).toBe('Harness scenario')
    expect(cleanTitle('[ ! ] Action Required | Harness task 1 | work')).toBe('Harness task 1 | work')
    expect(cleanTitle('bash')).toBe('bash')
    expect(cleanTitle('✳')).toBe('✳')
  })

  it('finds the question a reply ended with', () => {
    expect(askedQuestion('Stop: reply ends "…off-by-one bug in the parser. Should I also add a regression test?"')).toBe('Should I also add a regression test?')
    expect(askedQuestion('Which one?')).toBe('Which one?')
  })
})

describe('cleanTitle with Claude Code 2.1.332', () => {
  it('drops its ◐ ◑ spinner as it drops ✳', () => {
    expect(cleanTitle('◐ Claude Code')).toBe('Claude Code')
    expect(cleanTitle('◑ Fix the parser')).toBe('Fix the parser')
  })
})
