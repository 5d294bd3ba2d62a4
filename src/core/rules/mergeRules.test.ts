import { describe, expect, it } from 'vitest'
import { compileRules } from './compileRules'
// The engine main compiles rules with (the linear one): the core's tests run the rules the board runs.
import { compileRuleRegex } from '../../board/status/ruleRegex'
import { mergeRuleSpecs } from './mergeRules'
import type { RuleSpec } from './ruleTypes'

const rule = (id: string, priority: number, state: RuleSpec['state'] = 'idle'): RuleSpec => ({ id, state, priority, region: 'screen', match: { contains: id } })

const SHIPPED = [rule('a.dialog', 100, 'blocked'), rule('a.working', 50, 'working'), rule('a.prompt', 10), rule('a.footer', 10)]

const order = (specs: readonly RuleSpec[]) => {
  const compiled = compileRules(specs, compileRuleRegex)
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors))
  return compiled.rules.map((r) => `${r.id}@${r.priority}`)
}

describe('mergeRuleSpecs', () => {
  it('without an override, the shipped rules are unchanged', () => {
    const merged = mergeRuleSpecs(SHIPPED, { rules: [], disable: [] })
    expect(merged.specs).toEqual(SHIPPED)
    expect(order(merged.specs)).toEqual(order(SHIPPED))
  })

  it('replaces a shipped rule by id, entirely, and it sorts by its new priority', () => {
    const mine = { ...rule('a.prompt', 60), match: { line: '^> ' } }
    const merged = mergeRuleSpecs(SHIPPED, { rules: [mine], disable: [] })
    expect(merged.replaced).toEqual(['a.prompt'])
    expect(merged.specs.find((r) => r.id === 'a.prompt')).toBe(mine)
    expect(order(merged.specs)).toEqual(['a.dialog@100', 'a.prompt@60', 'a.working@50', 'a.footer@10'])
  })

  it('adds new ids by priority; an added rule wins a tie with a shipped one', () => {
    const merged = mergeRuleSpecs(SHIPPED, { rules: [rule('a.trust-dialog', 100, 'blocked'), rule('a.menu', 10)], disable: [] })
    expect(merged.added).toEqual(['a.trust-dialog', 'a.menu'])
    expect(order(merged.specs)).toEqual(['a.trust-dialog@100', 'a.dialog@100', 'a.working@50', 'a.menu@10', 'a.prompt@10', 'a.footer@10'])
  })

  it('disables shipped rules by id and names the ids it does not know or that contradict', () => {
    const merged = mergeRuleSpecs(SHIPPED, { rules: [rule('a.footer', 5)], disable: ['a.working', 'a.gone', 'a.footer'] })
    expect(merged.disabled).toEqual(['a.working', 'a.footer'])
    expect(merged.unknownDisabled).toEqual(['a.gone'])
    expect(merged.conflicting).toEqual(['a.footer'])
    expect(order(merged.specs)).toEqual(['a.dialog@100', 'a.prompt@10'])
  })
})
