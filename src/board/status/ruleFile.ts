import { parse, TomlError } from 'smol-toml'
import type { z } from 'zod'
import { compileRules, type CompiledRule } from '../../core/rules/compileRules'
import type { RuleFileSpec, RuleSpec } from '../../core/rules/ruleTypes'
import { compileRuleRegex } from './ruleRegex'
import { RuleFileSchema, RuleSchema } from './ruleSchema'

/** One problem in a rule file, precise enough to fix without reading the loader. */
export interface RuleFileError {
  readonly file: string
  readonly line: number
  /** The rule's id (or `#index` when it has none); absent for file-level problems. */
  readonly rule?: string
  readonly message: string
  /** A warning does not stop the file from loading (a `disable` of a rule that no longer exists). */
  readonly severity?: 'warning'
}

export interface LoadedRuleFile {
  /** The shipped file (or the user's file, for an agent nothing ships rules for). */
  readonly file: string
  /** The rules in force: the shipped file with the user's override merged in. */
  readonly spec: RuleFileSpec
  readonly rules: readonly CompiledRule[]
  readonly recognize: readonly RegExp[]
  /** Reads the agent's version off its banner (`screen_version`), if the file has one. */
  readonly version: RegExp | null
  /** The user's override file merged into this one, if any. */
  readonly overrides: string | null
  /** The override's `verified_on`: the user checked the agent at this version (silences the version drift). */
  readonly userVerifiedOn: string | null
}

export type RuleFileResult = { readonly ok: true; readonly value: LoadedRuleFile } | { readonly ok: false; readonly errors: readonly RuleFileError[] }

export function formatRuleFileError(e: RuleFileError): string {
  return `${e.file}:${e.line}: ${e.severity === 'warning' ? 'warning: ' : ''}${e.rule ? `rule ${e.rule}: ` : ''}${e.message}`
}

export const isFatal = (e: RuleFileError): boolean => e.severity !== 'warning'

/** 1-based line of the `index`th `[[rule]]` header (the rule's own line for error messages). */
function ruleLine(text: string, index: number): number {
  let seen = -1
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*\[\[\s*rule\s*\]\]/.test(lines[i] ?? '') && ++seen === index) return i + 1
  }
  return 1
}

/** The line of `key = …` at or after `from` (1-based), to point inside a rule; else `from`. */
export function keyLine(text: string, key: string, from = 1): number {
  const lines = text.split('\n')
  const re = new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=`)
  for (let i = from - 1; i < lines.length; i++) {
    if (i > from - 1 && /^\s*\[\[/.test(lines[i] ?? '')) break
    if (re.test(lines[i] ?? '')) return i + 1
  }
  return from
}

/** The first five problems; `key` is where to point: the misspelt key itself, else the path's first key. */
function issues(error: z.ZodError): { path: string; key: string; message: string }[] {
  return error.issues.slice(0, 5).map((i) => {
    const path = i.path.map(String).join('.')
    const key = i.code === 'unrecognized_keys' && i.path.length === 0 ? (i.keys[0] ?? '') : (path.split('.')[0] ?? '')
    return { path, key, message: i.message }
  })
}

/** The file's top-level keys, validated; TOML syntax and schema problems come back with lines. */
export function readHead<T>(file: string, text: string, schema: z.ZodType<T>): { ok: true; head: T } | { ok: false; errors: RuleFileError[] } {
  let doc: unknown
  try {
    doc = parse(text)
  } catch (err) {
    if (err instanceof TomlError) return { ok: false, errors: [{ file, line: err.line, message: err.message.split('\n')[0] ?? 'invalid TOML' }] }
    throw err
  }
  const head = schema.safeParse(doc)
  if (head.success) return { ok: true, head: head.data }
  return { ok: false, errors: issues(head.error).map((i) => ({ file, line: keyLine(text, i.key), message: `${i.path || 'file'}: ${i.message}` })) }
}

/** Validated `[[rule]]`s with the line each starts on; invalid ones are reported, not returned. */
export function readRules(file: string, text: string, raws: readonly unknown[]): { specs: RuleSpec[]; lineOf: Map<string, number>; errors: RuleFileError[] } {
  const errors: RuleFileError[] = []
  const specs: RuleSpec[] = []
  const lineOf = new Map<string, number>()
  raws.forEach((raw, index) => {
    const line = ruleLine(text, index)
    const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : `#${index + 1}`
    const rule = RuleSchema.safeParse(raw)
    if (!rule.success) {
      for (const i of issues(rule.error)) errors.push({ file, line: keyLine(text, i.key, line), rule: id, message: `${i.path || 'rule'}: ${i.message}` })
      return
    }
    lineOf.set(rule.data.id, line)
    specs.push(rule.data as RuleSpec)
  })
  return { specs, lineOf, errors }
}

/** Compiles rules; a rule's errors point at its line in the file it came from (`lineOf`). */
export function compileWithLines(
  file: string,
  text: string,
  specs: readonly RuleSpec[],
  lineOf: ReadonlyMap<string, number>,
): { rules: readonly CompiledRule[] | null; errors: RuleFileError[] } {
  const compiled = compileRules(specs, compileRuleRegex)
  if (compiled.ok) return { rules: compiled.rules, errors: [] }
  const errors = compiled.errors.map((e) => {
    const line = lineOf.get(e.ruleId) ?? 1
    return { file, line: keyLine(text, e.path.split('.')[0] ?? '', line), rule: e.ruleId, message: `${e.path}: ${e.message}` }
  })
  return { rules: null, errors }
}

/** A top-level regex (`recognize`, `screen_version`), or its error at the key's line. */
export function topLevelRegex(file: string, text: string, key: string, source: string, errors: RuleFileError[]): RegExp | null {
  try {
    return compileRuleRegex(source, 'm')
  } catch (err) {
    errors.push({ file, line: keyLine(text, key), message: `${key}: ${(err as Error).message}` })
    return null
  }
}

/**
 * Parses, validates and compiles one rule file. Every problem is reported with its file, line
 * and rule; nothing partial is returned, so a caller keeps its previous rules on any error.
 */
export function parseRuleFile(file: string, text: string): RuleFileResult {
  const read = readHead(file, text, RuleFileSchema)
  if (!read.ok) return { ok: false, errors: read.errors }
  const head = read.head
  const { specs, lineOf, errors } = readRules(file, text, head.rule)
  const recognize = head.recognize.flatMap((source) => topLevelRegex(file, text, 'recognize', source, errors) ?? [])
  const version = head.screen_version === undefined ? null : topLevelRegex(file, text, 'screen_version', head.screen_version, errors)
  const compiled = compileWithLines(file, text, specs, lineOf)
  errors.push(...compiled.errors)
  if (errors.length || !compiled.rules) return { ok: false, errors }
  const spec: RuleFileSpec = {
    agent: head.agent,
    verifiedOn: head.verified_on,
    recognize: head.recognize,
    ...(head.screen_version === undefined ? {} : { screenVersion: head.screen_version }),
    rules: specs,
  }
  return { ok: true, value: { file, spec, rules: compiled.rules, recognize, version, overrides: null, userVerifiedOn: null } }
}
