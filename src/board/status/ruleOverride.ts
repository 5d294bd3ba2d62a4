import { mergeRuleSpecs } from '../../core/rules/mergeRules'
import type { RuleFileSpec } from '../../core/rules/ruleTypes'
import { compileWithLines, keyLine, parseRuleFile, readHead, readRules, topLevelRegex, type LoadedRuleFile, type RuleFileError } from './ruleFile'
import { OverrideFileSchema } from './ruleSchema'

export type OverrideResult =
  | { readonly ok: true; readonly value: LoadedRuleFile; readonly warnings: readonly RuleFileError[] }
  | { readonly ok: false; readonly errors: readonly RuleFileError[] }

/**
 * An override for an agent that ships no rules is a complete rule file of its own (a new agent),
 * checked like a shipped one.
 */
function newAgentFile(file: string, text: string): OverrideResult {
  const result = parseRuleFile(file, text)
  if (result.ok) return { ok: true, value: { ...result.value, overrides: file, userVerifiedOn: result.value.spec.verifiedOn }, warnings: [] }
  const hint: RuleFileError = {
    file,
    line: 1,
    message: 'no rules ship for this agent, so this file must be a complete rule file (agent, verified_on and at least one [[rule]]; no `disable`)',
  }
  return { ok: false, errors: [hint, ...result.errors] }
}

/**
 * Parses a user override and merges it into the shipped rules of its agent (merge semantics in
 * core/rules/mergeRules.ts and resources/rules/README.md). Errors name the override file, line
 * and rule; a `disable` of an id no shipped rule has is only a warning (an update may rename a
 * rule: the rest of the user's file still applies).
 */
export function parseOverrideFile(file: string, text: string, shipped: LoadedRuleFile | undefined): OverrideResult {
  if (!shipped) return newAgentFile(file, text)
  const read = readHead(file, text, OverrideFileSchema)
  if (!read.ok) return { ok: false, errors: read.errors }
  const head = read.head
  const errors: RuleFileError[] = []
  if (head.agent !== shipped.spec.agent) {
    errors.push({
      file,
      line: keyLine(text, 'agent'),
      message: `agent "${head.agent}" does not match the shipped rules it overrides ("${shipped.spec.agent}")`,
    })
  }
  const own = readRules(file, text, head.rule)
  errors.push(...own.errors)
  // The user's rules alone first: their errors point at the user's file and lines.
  errors.push(...compileWithLines(file, text, own.specs, own.lineOf).errors)
  const recognize = head.recognize.flatMap((source) => topLevelRegex(file, text, 'recognize', source, errors) ?? [])
  const version = head.screen_version === undefined ? shipped.version : topLevelRegex(file, text, 'screen_version', head.screen_version, errors)

  const merged = mergeRuleSpecs(shipped.spec.rules, { rules: own.specs, disable: head.disable })
  for (const id of merged.conflicting) {
    errors.push({
      file,
      line: own.lineOf.get(id) ?? keyLine(text, 'disable'),
      rule: id,
      message: 'is both replaced by a [[rule]] and listed in `disable`: keep one',
    })
  }
  if (errors.length) return { ok: false, errors }
  const compiled = compileWithLines(file, text, merged.specs, own.lineOf)
  if (!compiled.rules) return { ok: false, errors: compiled.errors }

  const warnings: RuleFileError[] = merged.unknownDisabled.map((id) => ({
    file,
    line: keyLine(text, 'disable'),
    rule: id,
    severity: 'warning',
    message: `disable: no shipped ${shipped.spec.agent} rule has this id, nothing was disabled (the shipped ids are in ${shipped.file})`,
  }))
  const screenVersion = head.screen_version ?? shipped.spec.screenVersion
  const spec: RuleFileSpec = {
    agent: shipped.spec.agent,
    verifiedOn: head.verified_on ?? shipped.spec.verifiedOn,
    recognize: [...shipped.spec.recognize, ...head.recognize],
    ...(screenVersion === undefined ? {} : { screenVersion }),
    rules: merged.specs,
  }
  return {
    ok: true,
    value: {
      file: shipped.file,
      spec,
      rules: compiled.rules,
      recognize: [...shipped.recognize, ...recognize],
      version,
      overrides: file,
      userVerifiedOn: head.verified_on ?? null,
    },
    warnings,
  }
}
