import { parse, TomlError } from 'smol-toml'
import type { z } from 'zod'
import { compileRules, type CompiledRule } from '../../core/rules/compileRules'
import type { RuleFileSpec, RuleSpec } from '../../core/rules/ruleTypes'
import { RuleFileSchema, RuleSchema } from './ruleSchema'

/** One problem in a rule file, precise enough to fix without reading the loader. */
export interface RuleFileError {
  readonly file: string
  readonly line: number
  /** The rule's id (or `#index` when it has none); absent for file-level problems. */
  readonly rule?: string
  readonly message: string
}

export interface LoadedRuleFile {
  readonly file: string
  readonly spec: RuleFileSpec
  readonly rules: readonly CompiledRule[]
  readonly recognize: readonly RegExp[]
}

export type RuleFileResult = { readonly ok: true; readonly value: LoadedRuleFile } | { readonly ok: false; readonly errors: readonly RuleFileError[] }

export function formatRuleFileError(e: RuleFileError): string {
  return `${e.file}:${e.line}: ${e.rule ? `rule ${e.rule}: ` : ''}${e.message}`
}

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
function keyLine(text: string, key: string, from: number): number {
  const lines = text.split('\n')
  const re = new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=`)
  for (let i = from - 1; i < lines.length; i++) {
    if (i > from - 1 && /^\s*\[\[/.test(lines[i] ?? '')) break
    if (re.test(lines[i] ?? '')) return i + 1
  }
  return from
}

function issues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 5).map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
}

/**
 * Parses, validates and compiles one rule file. Every problem is reported with its file, line
 * and rule; nothing partial is returned, so a caller keeps its previous rules on any error.
 */
export function parseRuleFile(file: string, text: string): RuleFileResult {
  let doc: unknown
  try {
    doc = parse(text)
  } catch (err) {
    if (err instanceof TomlError) return { ok: false, errors: [{ file, line: err.line, message: err.message.split('\n')[0] ?? 'invalid TOML' }] }
    throw err
  }
  const head = RuleFileSchema.safeParse(doc)
  if (!head.success) {
    return { ok: false, errors: issues(head.error).map((i) => ({ file, line: keyLine(text, i.path.split('.')[0] ?? '', 1), message: `${i.path || 'file'}: ${i.message}` })) }
  }
  const errors: RuleFileError[] = []
  const specs: RuleSpec[] = []
  const lineOf = new Map<string, number>()
  head.data.rule.forEach((raw, index) => {
    const line = ruleLine(text, index)
    const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : `#${index + 1}`
    const rule = RuleSchema.safeParse(raw)
    if (!rule.success) {
      for (const i of issues(rule.error)) errors.push({ file, line: keyLine(text, i.path.split('.')[0] ?? '', line), rule: id, message: `${i.path || 'rule'}: ${i.message}` })
      return
    }
    lineOf.set(rule.data.id, line)
    specs.push(rule.data as RuleSpec)
  })
  const recognize: RegExp[] = []
  head.data.recognize.forEach((source) => {
    try {
      recognize.push(new RegExp(source, 'mu'))
    } catch (err) {
      errors.push({ file, line: keyLine(text, 'recognize', 1), message: `recognize: invalid regular expression: ${(err as Error).message}` })
    }
  })
  const compiled = compileRules(specs)
  if (!compiled.ok) {
    for (const e of compiled.errors) {
      const line = lineOf.get(e.ruleId) ?? 1
      errors.push({ file, line: keyLine(text, e.path.split('.')[0] ?? '', line), rule: e.ruleId, message: `${e.path}: ${e.message}` })
    }
  }
  if (errors.length || !compiled.ok) return { ok: false, errors }
  const spec: RuleFileSpec = { agent: head.data.agent, verifiedOn: head.data.verified_on, recognize: head.data.recognize, rules: specs }
  return { ok: true, value: { file, spec, rules: compiled.rules, recognize } }
}
