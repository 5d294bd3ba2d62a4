import type { CompiledDialog, CompiledRule } from './compileRules'
import { findDialogShape, hasOpenTabs, shapeDialog, uncheck } from './dialogStructure'
import { selectRegion } from './regions'
import type { DialogInfo, DialogOption, RuleMatch, ScreenView } from './ruleTypes'

/** One line of `explain`: a rule and what it did on this screen. */
export interface RuleTrace {
  readonly ruleId: string
  readonly state: string
  readonly matched: boolean
  readonly text: string
}

const hasOption = (dialog: CompiledDialog, row: string) => dialog.option !== null && [...row.matchAll(dialog.option)].length > 0

/**
 * The rows a long option wrapped onto (2.1.332 at 60×19: "2. Yes, and always allow access to" /
 * "   /tmp/…/work from" / "   this project"): indented at least to the label, not an option
 * themselves, and word wrap put them there: their first word did not fit the row before. A
 * description under a short option (a question's) fails that last test and stays out.
 */
function continuation(dialog: CompiledDialog, rows: readonly string[], at: number, labelColumn: number, width: number): string[] {
  const more: string[] = []
  let last = rows[at]!.trimEnd()
  for (let i = at + 1; i < rows.length; i++) {
    const row = rows[i]!
    const text = row.trim()
    if (!text || hasOption(dialog, row)) break
    if (row.length - row.trimStart().length < labelColumn) break
    const word = text.split(/\s+/)[0]!
    // Ink wraps a little inside the edge (the dialog's padding).
    if (last.length + 1 + word.length <= width - 3) break
    more.push(text)
    last = row.trimEnd()
  }
  return more
}

/** A wrapped row's text after the one before: a break after a hyphen ("approved-" / "file.txt") had no blank. */
const joinWrapped = (text: string, more: string) => (/\p{L}-$/u.test(text) ? text + more : `${text} ${more}`)

/** Group `title` (or 1) of the first row the title pattern matches. */
function titleOf(re: RegExp, rows: readonly string[]): string {
  for (const row of rows) {
    const m = re.exec(row)
    if (m) return (m.groups?.title ?? m[1] ?? m[0]).trim()
  }
  return ''
}

function extractDialog(dialog: CompiledDialog, rows: readonly string[], width: number): DialogInfo {
  // No option pattern: the options are the dialog's shape's, the title the rule's when it has one.
  if (!dialog.option) {
    const shape = findDialogShape(rows)
    const info = shape ? shapeDialog(shape, dialog.kind) : { kind: dialog.kind, title: '', options: [] }
    const title = dialog.title ? titleOf(dialog.title, rows) : ''
    return title ? { ...info, title } : info
  }
  const title = dialog.title ? titleOf(dialog.title, rows) : ''
  const options: DialogOption[] = []
  let boxes = false
  let cursor: number | undefined
  if (dialog.option) {
    for (const [at, row] of rows.entries()) {
      const matches = [...row.matchAll(dialog.option)]
      for (const m of matches) {
        // A regex naming its label that matched without it (an alternative for a row that is no option) names none.
        let label = (m.groups && 'label' in m.groups ? (m.groups.label ?? '') : ((m.length > 2 ? m[2] : m[1]) ?? m[0])).trim()
        // A regex with named groups names its key (or has none: its position); group 1 may be another one (`cursor`).
        const key = (m.groups ? m.groups.key : m.length > 2 ? m[1] : undefined)?.trim()
        // One option on its row, ending at the row's end: its label may go on below.
        if (label && matches.length === 1 && row.trimEnd().endsWith(label))
          label = continuation(dialog, rows, at, row.indexOf(label), width).reduce(joinWrapped, label)
        if (!label) continue
        // A check box is the option's state, not its name: toggling it leaves the same dialog.
        const checked = uncheck(label)
        boxes ||= checked.box
        if (m.groups?.cursor) cursor = options.length
        options.push({ key: key || String(options.length + 1), label: checked.label })
      }
    }
  }
  const multi = { ...(boxes ? { multiSelect: true as const } : {}), ...(hasOpenTabs(rows) ? { moreSteps: true as const } : {}) }
  if (dialog.choose === 'arrows') return { kind: dialog.kind, title, options, choose: 'arrows', ...(cursor === undefined ? {} : { cursor }), ...multi }
  return { kind: dialog.kind, title, options, ...multi }
}

function tryRule(rule: CompiledRule, view: ScreenView): RuleMatch | null {
  const region = selectRegion(view, rule.region)
  if (region.rows.length === 0) return null
  const hit = rule.test(region.rows, view)
  if (hit === null) return null
  const match: RuleMatch = { ruleId: rule.id, state: rule.state, text: hit.trim(), fromTitle: region.isTitle }
  if (!rule.dialog) {
    if (!rule.byShape) return match
    // A dialog no rule names: what it is, is what its shape says.
    const shape = findDialogShape(region.rows)
    return shape ? { ...match, dialog: shapeDialog(shape, rule.state === 'question' ? 'question' : 'permission'), unnamed: true } : match
  }
  const rows = rule.dialog.region ? selectRegion(view, rule.dialog.region).rows : region.rows
  return { ...match, dialog: extractDialog(rule.dialog, rows, view.cols ?? Math.max(0, ...view.lines.map((l) => l.length))) }
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
