import type { RuleSpec } from './ruleTypes'

/**
 * A user's override of one agent's shipped rules (config dir `rules/<agent>.toml`), already
 * validated. The semantics, documented in resources/rules/README.md:
 * - a rule whose id is a shipped rule's id replaces that rule entirely (state, priority, region,
 *   match, dialog): no partial patches, so what runs is exactly what the file says;
 * - a rule with a new id is added; compileRules orders by priority, and an added rule sorts before
 *   shipped rules of the same priority (the user's rule wins the tie);
 * - `disable` removes shipped rules by id.
 */
export interface RuleOverrideSpec {
  readonly rules: readonly RuleSpec[]
  readonly disable: readonly string[]
}

export interface MergedRules {
  /** In file order for compileRules: added rules first, then the shipped ones (replaced in place). */
  readonly specs: readonly RuleSpec[]
  readonly replaced: readonly string[]
  readonly added: readonly string[]
  readonly disabled: readonly string[]
  /** Ids in `disable` that no shipped rule has (a typo, or a rule renamed by an update). */
  readonly unknownDisabled: readonly string[]
  /** Ids both replaced and disabled: the file contradicts itself. */
  readonly conflicting: readonly string[]
}

export function mergeRuleSpecs(shipped: readonly RuleSpec[], override: RuleOverrideSpec): MergedRules {
  const own = new Map(override.rules.map((r) => [r.id, r]))
  const disable = new Set(override.disable)
  const shippedIds = new Set(shipped.map((r) => r.id))
  const replaced: string[] = []
  const kept: RuleSpec[] = []
  for (const rule of shipped) {
    if (disable.has(rule.id)) continue
    const mine = own.get(rule.id)
    if (mine) replaced.push(rule.id)
    kept.push(mine ?? rule)
  }
  const added = override.rules.filter((r) => !shippedIds.has(r.id))
  return {
    specs: [...added, ...kept],
    replaced,
    added: added.map((r) => r.id),
    disabled: override.disable.filter((id) => shippedIds.has(id)),
    unknownDisabled: override.disable.filter((id) => !shippedIds.has(id)),
    conflicting: override.rules.filter((r) => disable.has(r.id)).map((r) => r.id),
  }
}
