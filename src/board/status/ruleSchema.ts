import { z } from 'zod'
import { RULE_STATES, type MatcherSpec, type RuleFileSpec } from '../../core/rules/ruleTypes'
import { parseVerifiedRange } from './versions'

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
    z.strictObject({ dialog: z.enum(['permission', 'question', 'any']), in: Region.optional() }),
    z.strictObject({
      asks: z.strictObject({ block: Text, other: Text.optional(), skip: Text.optional(), indent: z.number().int().min(0) }),
      in: Region.optional(),
    }),
  ]),
)

const Dialog = z.strictObject({
  kind: z.enum(['permission', 'question']),
  title: Text.optional(),
  option: Text.optional(),
  region: Region.optional(),
  choose: z.enum(['digits', 'arrows']).optional(),
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

/** `2.1.197`, or the range both ends of which were checked: `2.1.197 - 2.1.332`. */
const Verified = z
  .string()
  .min(1)
  .refine((v) => parseVerifiedRange(v) !== null, 'verified_on is a version ("2.1.332") or an inclusive range ("2.1.197 - 2.1.332")')

const Agent = z.string().regex(/^[a-z][a-z0-9-]*$/, 'agent names look like "claude"')

export const RuleFileSchema = z.strictObject({
  agent: Agent,
  verified_on: Verified,
  recognize: z.array(Text).default([]),
  screen_version: Text.optional(),
  rule: z.array(z.unknown()).min(1, 'a rule file needs at least one [[rule]]'),
})

/**
 * A user override (config dir `rules/<agent>.toml`) of a shipped file: everything optional but
 * the agent. `verified_on` replaces the shipped one (the user checked the merged rules on that
 * version), `recognize` patterns are added, `screen_version` replaces, `disable` removes shipped
 * rules by id, and `[[rule]]`s replace shipped rules by id or add new ones.
 */
export const OverrideFileSchema = z.strictObject({
  agent: Agent,
  verified_on: Verified.optional(),
  recognize: z.array(Text).default([]),
  screen_version: Text.optional(),
  disable: z.array(z.string().min(1)).default([]),
  rule: z.array(z.unknown()).default([]),
})

export type RuleFileHead = Omit<RuleFileSpec, 'rules'>
