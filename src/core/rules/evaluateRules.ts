import type { CompiledDialog, CompiledRule } from './compileRules'
import { selectRegion } from './regions'
import type { DialogInfo, DialogOption, RuleMatch, ScreenView } from './ruleTypes'

/** One line of `explain`: a rule and what it did on this screen. */
export interface RuleTrace {
  readonly ruleId: string
  readonly state: string
  readonly matched: boolean
  readonly text: string
}

function extractDialog(dialog: CompiledDialog, rows: readonly string[]): DialogInfo {
  let title = ''
  if (dialog.title) {
    for (const row of rows) {
      const m = dialog.title.exec(row)
      if (m) {
        title = (m.groups?.title ?? m[1] ?? m[0]).trim()
        break
      }
    }
  }
  const options: DialogOption[] = []
  if (dialog.option) {
    for (const row of rows) {
      for (const m of row.matchAll(dialog.option)) {
        const label = (m.groups?.label ?? (m.length > 2 ? m[2] : m[1]) ?? m[0]).trim()
        const key = (m.groups?.key ?? (m.length > 2 ? m[1] : undefined))?.trim()
        if (label) options.push({ key: key || String(options.length + 1), label })
      }
    }
  }
  return { kind: dialog.kind, title, options }
}

function tryRule(rule: CompiledRule, view: ScreenView): RuleMatch | null {
  const region = selectRegion(view, rule.region)
  if (region.rows.length === 0) return null
  const hit = rule.test(region.rows, view)
  if (hit === null) return null
  const match: RuleMatch = { ruleId: rule.id, state: rule.state, text: hit.trim(), fromTitle: region.isTitle }
  if (!rule.dialog) return match
  const rows = rule.dialog.region ? selectRegion(view, rule.dialog.region).rows : region.rows
  return { ...match, dialog: extractDialog(rule.dialog, rows) }
}

/**
 * First match wins over the ordered rule list (blocked rules sort before working rules because a
 * dialog can sit under a footer that still reads "esc to interrupt"). Returns null when no rule
 * matches: the caller decides what that means, never a silent idle.
 */
export function evaluateRules(rules: readonly CompiledRule[], view: ScreenView): RuleMatch | null {
  for (const rule of rules) {
    const match = tryRule(rule, view)
    if (match) return match
  }
  return null
}

/** Every rule's result on this screen, for `explain` (costs a full pass; not used on the hot path). */
export function traceRules(rules: readonly CompiledRule[], view: ScreenView): RuleTrace[] {
  return rules.map((rule) => {
    const match = tryRule(rule, view)
    return { ruleId: rule.id, state: rule.state, matched: match !== null, text: match?.text ?? '' }
  })
}
