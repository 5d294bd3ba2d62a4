import { z } from 'zod'
import { RULE_STATES, type MatcherSpec, type RuleFileSpec } from '../../core/rules/ruleTypes'

/**
 * The schema of a rule file (resources/rules/<agent>.toml). Strict objects: a misspelt key is an
 * error, not a silently ignored rule part. Regexes and regions are checked when core compiles them.
 */

const Region = z.string().min(1)
const Text = z.string().min(1)

const Matcher: z.ZodType<MatcherSpec> = z.lazy(() =>
  z.union([
    z.strictObject({ contains: Text, in: Region.optional() }),
    z.strictObject({ regex: Text, in: Region.optional() }),
    z.strictObject({ line: Text, in: Region.optional() }),
    z.strictObject({ any: z.array(Matcher).min(1), in: Region.optional() }),
    z.strictObject({ all: z.array(Matcher).min(1), in: Region.optional() }),
    z.strictObject({ not: Matcher, in: Region.optional() }),
  ]),
)

const Dialog = z.strictObject({
  kind: z.enum(['permission', 'question']),
  title: Text.optional(),
  option: Text.optional(),
  region: Region.optional(),
})

export const RuleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'rule ids look like "claude.permission-dialog"'),
  state: z.enum(RULE_STATES),
  priority: z.number().int(),
  region: Region,
  match: Matcher,
  dialog: Dialog.optional(),
  note: z.string().optional(),
})

export const RuleFileSchema = z.strictObject({
  agent: z.string().regex(/^[a-z][a-z0-9-]*$/),
  verified_on: z.string().min(1),
  recognize: z.array(Text).default([]),
  rule: z.array(z.unknown()).min(1, 'a rule file needs at least one [[rule]]'),
})

export type RuleFileHead = Omit<RuleFileSpec, 'rules'>
