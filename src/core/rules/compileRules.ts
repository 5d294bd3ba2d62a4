import { parseRegion, selectRegion, type ParsedRegion } from './regions'
import type { DialogSpec, MatcherSpec, RuleSpec, RuleState, ScreenView } from './ruleTypes'
import { findDialogShape } from './dialogStructure'
import { replyQuestion } from './screenReply'
import { joinRows } from './screenMemo'

/**
 * A compiled matcher: tests the rule region's rows (or its own `in` region of the view) and
 * returns the text that decided, or null.
 */
export type Matcher = (rows: readonly string[], view: ScreenView) => string | null

export interface CompiledDialog {
  readonly kind: DialogSpec['kind']
  readonly title: RegExp | null
  readonly option: RegExp | null
  readonly region: ParsedRegion | null
  readonly choose: 'digits' | 'arrows'
}

export interface CompiledRule {
  readonly id: string
  readonly state: RuleState
  readonly priority: number
  readonly region: ParsedRegion
  readonly test: Matcher
  readonly dialog: CompiledDialog | null
  /** The rule matches a dialog by its shape (a `dialog` matcher outside any `not`): without a `dialog` of its own, the shape describes it. */
  readonly byShape: boolean
  readonly note: string
}

export interface RuleCompileError {
  readonly ruleId: string
  /** Dotted path inside the rule, e.g. `match.all[1].line`. */
  readonly path: string
  readonly message: string
}

export type CompileResult =
  { readonly ok: true; readonly rules: readonly CompiledRule[] } | { readonly ok: false; readonly errors: readonly RuleCompileError[] }

class CompileFailure extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message)
  }
}

/** The flags a rule regex is compiled with: `g` for a dialog's options, `m` for a `regex` matcher over joined rows. */
export type RegexFlags = '' | 'g' | 'm'

/**
 * Compiles one rule regex, or throws an Error saying why it cannot be one. The host chooses the
 * engine: rules run on the board's thread on every screen change, and come from files any program
 * in a pane can write, so main's (src/board/status/ruleRegex.ts) matches in linear time.
 */
export type RegexCompiler = (source: string, flags: RegexFlags) => RegExp

/** A rule regex at `path` in the rule, its compile error reported there. */
type Regex = (source: string, path: string, flags?: RegexFlags) => RegExp

function regexAt(compile: RegexCompiler): Regex {
  return (source, path, flags = '') => {
    try {
      return compile(source, flags)
    } catch (err) {
      throw new CompileFailure(path, (err as Error).message)
    }
  }
}

function compileMatcher(spec: MatcherSpec, path: string, regex: Regex): Matcher {
  const inner = compileNode(spec, path, regex)
  if (spec.in === undefined) return inner
  const region = compileRegion(spec.in, `${path}.in`)
  return (_rows, view) => inner(selectRegion(view, region).rows, view)
}

function compileNode(spec: MatcherSpec, path: string, regex: Regex): Matcher {
  if ('contains' in spec) {
    const needle = spec.contains
    return (rows) => rows.find((row) => row.includes(needle)) ?? (needle.includes('\n') && joinRows(rows).includes(needle) ? needle : null)
  }
  if ('line' in spec) {
    const re = regex(spec.line, `${path}.line`)
    return (rows) => rows.find((row) => re.test(row)) ?? null
  }
  if ('regex' in spec) {
    const re = regex(spec.regex, `${path}.regex`, 'm')
    return (rows) => re.exec(joinRows(rows))?.[0] ?? null
  }
  if ('any' in spec) {
    const parts = spec.any.map((s, i) => compileMatcher(s, `${path}.any[${i}]`, regex))
    return (rows, view) => {
      for (const part of parts) {
        const hit = part(rows, view)
        if (hit !== null) return hit
      }
      return null
    }
  }
  if ('all' in spec) {
    const parts = spec.all.map((s, i) => compileMatcher(s, `${path}.all[${i}]`, regex))
    return (rows, view) => {
      let first: string | null = null
      for (const part of parts) {
        const hit = part(rows, view)
        if (hit === null) return null
        first ??= hit
      }
      return first ?? ''
    }
  }
  if ('not' in spec) {
    const negated = compileMatcher(spec.not, `${path}.not`, regex)
    // A `not` alone proves nothing worth quoting; it contributes an empty "hit".
    return (rows, view) => (negated(rows, view) === null ? '' : null)
  }
  if ('dialog' in spec) {
    const want = spec.dialog
    if (want !== 'permission' && want !== 'question' && want !== 'any')
      throw new CompileFailure(`${path}.dialog`, 'a dialog matcher is "permission", "question" or "any"')
    return (rows) => {
      const shape = findDialogShape(rows)
      return shape && (want === 'any' || shape.kind === want) ? shape.title || shape.options[0]!.label : null
    }
  }
  if ('asks' in spec) {
    const a = spec.asks
    if (!Number.isInteger(a.indent) || a.indent < 0)
      throw new CompileFailure(`${path}.asks.indent`, "indent is the number of columns a reply's rows are indented by (0 or more)")
    const reply = {
      block: regex(a.block, `${path}.asks.block`),
      other: a.other === undefined ? null : regex(a.other, `${path}.asks.other`),
      skip: a.skip === undefined ? null : regex(a.skip, `${path}.asks.skip`),
      indent: a.indent,
    }
    return (rows) => replyQuestion(reply, rows)
  }
  throw new CompileFailure(path, 'a matcher needs exactly one of contains, regex, line, any, all, not, dialog, asks')
}

/** A `dialog` matcher that must match (not under a `not`). */
function matchesByShape(spec: MatcherSpec): boolean {
  if ('dialog' in spec) return true
  if ('any' in spec) return spec.any.some(matchesByShape)
  if ('all' in spec) return spec.all.some(matchesByShape)
  return false
}

function compileRegion(spec: string, path: string): ParsedRegion {
  const region = parseRegion(spec)
  if (!region)
    throw new CompileFailure(path, `unknown region "${spec}" (screen, title, bottom:N, rows:A:B, after-rule[:N], above-rule:N:K, before-rule[:N], prompt-box)`)
  return region
}

function compileDialog(spec: DialogSpec, regex: Regex): CompiledDialog {
  return {
    kind: spec.kind,
    title: spec.title === undefined ? null : regex(spec.title, 'dialog.title'),
    option: spec.option === undefined ? null : regex(spec.option, 'dialog.option', 'g'),
    region: spec.region === undefined ? null : compileRegion(spec.region, 'dialog.region'),
    choose: spec.choose ?? 'digits',
  }
}

/**
 * Compiles a rule list, ordered for evaluation: higher priority first, file order among equals.
 * All errors are collected so one broken file reports every bad rule at once. Every regex is
 * compiled by `compile` (a `regex` matcher with `m`, a dialog's options with `g`).
 */
export function compileRules(specs: readonly RuleSpec[], compile: RegexCompiler): CompileResult {
  const regex = regexAt(compile)
  const rules: (CompiledRule & { order: number })[] = []
  const errors: RuleCompileError[] = []
  const seen = new Set<string>()
  specs.forEach((spec, order) => {
    try {
      if (seen.has(spec.id)) throw new CompileFailure('id', `duplicate rule id "${spec.id}"`)
      seen.add(spec.id)
      if (spec.dialog && spec.state !== 'blocked' && spec.state !== 'question') {
        throw new CompileFailure('dialog', 'only blocked and question rules describe a dialog')
      }
      if (matchesByShape(spec.match) && spec.state !== 'blocked' && spec.state !== 'question') {
        throw new CompileFailure('match', 'only blocked and question rules match a dialog by its shape')
      }
      rules.push({
        id: spec.id,
        state: spec.state,
        priority: spec.priority,
        region: compileRegion(spec.region, 'region'),
        test: compileMatcher(spec.match, 'match', regex),
        dialog: spec.dialog ? compileDialog(spec.dialog, regex) : null,
        byShape: matchesByShape(spec.match),
        note: spec.note ?? '',
        order,
      })
    } catch (err) {
      if (!(err instanceof CompileFailure)) throw err
      errors.push({ ruleId: spec.id, path: err.path, message: err.message })
    }
  })
  if (errors.length) return { ok: false, errors }
  rules.sort((a, b) => b.priority - a.priority || a.order - b.order)
  return { ok: true, rules: rules.map(({ order: _order, ...rule }) => rule) }
}
