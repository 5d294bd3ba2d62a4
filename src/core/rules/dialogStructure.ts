import type { DialogInfo, DialogOption } from './ruleTypes'
import { memoized } from './screenMemo'

/**
 * A dialog recognised by its structure, not its words: a list of options (numbered `1.` `2.` …,
 * a column of rows one of which is marked `❯`/`→`/`›`, or short choices side by side) at the
 * bottom of the dialog region, with a key-hint row below them (`Enter to select · Esc to
 * cancel`, `↑↓ navigate  enter select`, `⇆ select  enter confirm`) or, without one, a numbered
 * list whose highlighted row is marked; or, with no options to read, a hint row that both takes
 * and backs out (`⇆ tab  enter submit  esc dismiss`: OpenCode's Review tab). Every agent draws its dialogs so, whatever they say: a
 * variant no rule names (a new tool's dialog, a new version's wording) is still a dialog at its
 * first frame. Per-variant rules refine the kind, title and options; this only finds the shape.
 *
 * Measured on the dialogs of Claude Code 2.1.197/2.1.332, Codex 0.171.0, OpenCode 1.18.33 and
 * Pi 0.73.1 in test/fixtures (src/core/rules/dialogStructure.test.ts) and checked against every
 * frame of every recording: no frame outside a dialog has this shape in its dialog region.
 */
export interface DialogShape {
  readonly kind: DialogInfo['kind']
  readonly title: string
  readonly options: readonly DialogOption[]
  /** The highlighted option (0-based), when a row is marked. */
  readonly cursor?: number
  /** Numbered options take their digit; unnumbered ones are chosen with the arrows. */
  readonly choose: 'digits' | 'arrows'
  /** The options are check boxes (`[ ]`, `☐`): Enter toggles one, it does not answer. */
  readonly multiSelect: boolean
  /** A tab bar above names questions still unanswered (`☐`): an answer here moves to the next tab. */
  readonly moreSteps: boolean
  /** The key-hint row, when there is one. */
  readonly hint: string | null
}

/** Rows a dialog's hint may sit above the region's end (Claude's `Esc to cancel` is last; Codex may wrap it onto 3 rows). */
const HINT_FROM_BOTTOM = 3
/** How far above the hint the options may start (tall descriptions, a wrapped option, an inner rule). */
const OPTIONS_SPAN = 24
/** Rows allowed between two numbered options (descriptions, wrapped labels, Claude's inner rule before "Chat about this"). */
const OPTION_GAP = 4
/** How far above the options the question may be (Codex puts the command, its reason and its environment between). */
const TITLE_SPAN = 12
/** Without a hint row, the last option is this close to the region's end (Claude's "Review your answers"). */
const UNHINTED_FROM_BOTTOM = 4

/** A hint that both takes (Enter …) and backs out (Esc to cancel / dismiss): a dialog even without options to read (OpenCode's Review tab, Claude's auto-mode notice). */
const TAKES = /\b(?:enter|return)\b[^·|•]{0,20}?\b(?:to\s+)?(?:select|confirm|submit|continue|stay|accept|approve)\b/iu
const BACKS_OUT = /\b(?:esc|escape)\b[^·|•]{0,12}?\b(?:to\s+)?(?:cancel|dismiss|skip|go back|back)\b/iu

const KEY = /(?:^|[\s·|•(])(?:enter|return|esc|escape|tab|space|shift\+tab|ctrl\+[a-z]|[↑↓⇆←→]+(?:\/[↑↓])?|y\/n)(?=$|[\s·|•),:/])/iu
const VERB = /\b(?:select|confirm|cancel|navigate|submit|dismiss|choose|toggle|amend|approve|deny|reject|accept|decline|skip|proceed)\b/iu
/** The side borders a TUI draws around a dialog (OpenCode's `┃`): blanked, columns kept. */
const BORDER = /[┃│║▌▐]/gu
const RULE = /^\s*[─━═╌┄▔▁-]{6,}\s*$/u
const CURSORS = '❯›>→▶'
const NUMBERED = new RegExp(`^(\\s*)(?:([${CURSORS}])\\s*)?(\\d{1,2})[.)]\\s+(\\S.*?)\\s*$`, 'u')
const MARKED = new RegExp(`^(\\s*)([${CURSORS}])\\s+(\\S.*?)\\s*$`, 'u')
const CHECKBOX = /^(?:\[[ xX✔✓]?\]|[☐☑☒✔✓])\s*/u
const PERMISSION = /\b(?:allow|deny|reject|approve|permission|proceed|trust|run|execute|edit|create|delete|write|overwrite|access)\b/iu
const PERMISSION_OPTION = /^(?:yes|no|allow|deny|reject|approve|always)\b/iu

const blank = (row: string) => row.trim() === ''

/** A tab bar of questions (`←  ☒ Manager  ☐ Checks  ✔ Submit  →`), one still unanswered (`☐`). */
const OPEN_TABS = /^\s*←\s.*☐.*\s→\s*$/u

/** Rows above a dialog's options hold a tab bar naming a question still unanswered. */
export function hasOpenTabs(rows: readonly string[]): boolean {
  return rows.some((r) => OPEN_TABS.test(r))
}

/** A row of key hints: a key name and an action word, short as hints are (not a paragraph that mentions Enter). */
export function isHintRow(row: string): boolean {
  const text = row.trim()
  if (text === '' || text.split(/\s+/).length > 24) return false
  return KEY.test(text) && VERB.test(text)
}

interface Found {
  readonly options: DialogOption[]
  readonly cursor?: number
  readonly choose: 'digits' | 'arrows'
  readonly multiSelect: boolean
  /** Row index of the first and last option. */
  readonly top: number
  readonly bottom: number
}

function label(text: string): { label: string; box: boolean } {
  const box = CHECKBOX.test(text)
  return { label: text.replace(CHECKBOX, '').trim(), box }
}

/** The numbered list ending lowest in rows[from..to): options 1..n, n ≥ 2, consecutive, few rows apart. */
function numbered(rows: readonly string[], from: number, to: number): Found | null {
  let best: Found | null = null
  for (let end = to - 1; end >= from && best === null; end--) {
    const m = NUMBERED.exec(rows[end]!)
    if (!m || Number(m[3]) < 2) continue
    // Walk up from the option numbered n to 1.
    const picked: { row: number; m: RegExpExecArray }[] = [{ row: end, m }]
    let want = Number(m[3]) - 1
    for (let i = end - 1; i >= from && want >= 1 && end - i <= OPTION_GAP * Number(m[3]); i--) {
      const o = NUMBERED.exec(rows[i]!)
      if (o && Number(o[3]) === want) {
        if (picked[0]!.row - i > OPTION_GAP + 1) break
        picked.unshift({ row: i, m: o })
        want--
      }
    }
    if (want !== 0) continue
    const items = picked.map((p) => ({ key: p.m[3]!, ...label(p.m[4]!), marked: p.m[2] !== undefined }))
    const cursor = items.findIndex((i) => i.marked)
    best = {
      options: items.map((i) => ({ key: i.key, label: i.label })),
      ...(cursor >= 0 ? { cursor } : {}),
      choose: 'digits',
      multiSelect: items.some((i) => i.box),
      top: picked[0]!.row,
      bottom: end,
    }
  }
  return best
}

/** A column of unnumbered rows, one marked with a cursor, the others at the marked label's column. */
function marked(rows: readonly string[], from: number, to: number): Found | null {
  for (let at = to - 1; at >= from; at--) {
    const m = MARKED.exec(rows[at]!)
    if (!m || NUMBERED.test(rows[at]!)) continue
    const column = rows[at]!.indexOf(m[3]!)
    const sibling = (i: number) => {
      const row = rows[i]
      if (row === undefined || blank(row) || MARKED.test(row) || RULE.test(row)) return null
      const indent = row.length - row.trimStart().length
      return indent === column ? row.trim() : null
    }
    let top = at
    let bottom = at
    while (top - 1 >= from && sibling(top - 1) !== null) top--
    while (bottom + 1 < to && sibling(bottom + 1) !== null) bottom++
    if (bottom === top) continue
    const items = rows.slice(top, bottom + 1).map((row, i) => (top + i === at ? m[3]! : row.trim()))
    const labels = items.map(label)
    return {
      options: labels.map((l, i) => ({ key: String(i + 1), label: l.label })),
      cursor: at - top,
      choose: 'arrows',
      multiSelect: labels.some((l) => l.box),
      top,
      bottom,
    }
  }
  return null
}

/** Short choices side by side on one row (OpenCode's `Allow once   Allow always   Reject`), before any hint on that row. */
function sideBySide(rows: readonly string[], from: number, to: number): Found | null {
  for (let at = to - 1; at >= from; at--) {
    const row = rows[at]!
    const keyAt = row.search(KEY)
    const head = isHintRow(row) && keyAt > 0 ? row.slice(0, keyAt) : isHintRow(row) ? '' : row
    const parts = head
      .trim()
      .split(/\s{3,}/u)
      .filter((p) => p !== '')
    if (parts.length < 2 || parts.length > 6) continue
    if (!parts.every((p) => p.split(/\s+/).length <= 3 && /^\p{L}/u.test(p) && !/[.:;,?!]$/u.test(p))) continue
    return { options: parts.map((p, i) => ({ key: String(i + 1), label: p })), choose: 'arrows', multiSelect: false, top: at, bottom: at }
  }
  return null
}

/** Rows that are content, not a heading: list items, a summary's `→ answer`, tool output. */
const BULLET = /^[●•◦·→⎿*-]/u

/** The question the dialog asks (the nearest row above the options that ends with `?`), else its nearest heading. */
function titleAbove(rows: readonly string[], top: number, floor: number): string {
  let fallback = ''
  for (let i = top - 1; i >= Math.max(floor, top - TITLE_SPAN); i--) {
    const text = rows[i]!.trim()
    if (text === '' || RULE.test(text) || isHintRow(text) || BULLET.test(text)) continue
    if (text.endsWith('?')) return text
    fallback ||= text
  }
  return fallback
}

function kindOf(title: string, options: readonly DialogOption[]): DialogInfo['kind'] {
  if (PERMISSION.test(title)) return 'permission'
  return options.some((o) => PERMISSION_OPTION.test(o.label)) ? 'permission' : 'question'
}

/**
 * The dialog whose shape ends `rows` (a rule's region: the agent's dialog region), or null.
 * Anchored at the bottom: the hint among the last rows, the options just above it; without a
 * hint, a numbered list with a marked row ending the region.
 */
export function findDialogShape(region: readonly string[]): DialogShape | null {
  return memoized(shapes, region, shapeOf)
}

/** Per rows array: rules sharing a region (selectRegion hands out one array per screen) share the search. */
const shapes = new WeakMap<readonly string[], DialogShape | null>()

function shapeOf(region: readonly string[]): DialogShape | null {
  const rows = region.map((r) => r.replace(BORDER, ' ').trimEnd())
  let end = rows.length
  while (end > 0 && blank(rows[end - 1]!)) end--
  if (end === 0) return null
  const filled: number[] = []
  for (let i = end - 1; i >= 0 && filled.length < HINT_FROM_BOTTOM; i--) if (!blank(rows[i]!)) filled.push(i)
  const hintAt = filled.find((i) => isHintRow(rows[i]!))
  let found: Found | null = null
  if (hintAt !== undefined) {
    // The options end above the hint (or on its row: choices side by side before the hints).
    const from = Math.max(0, hintAt - OPTIONS_SPAN)
    found = numbered(rows, from, hintAt) ?? marked(rows, from, hintAt) ?? sideBySide(rows, Math.max(from, hintAt - 3), hintAt + 1)
  } else {
    const lastFilled: number[] = []
    for (let i = end - 1; i >= 0 && lastFilled.length < UNHINTED_FROM_BOTTOM; i--) if (!blank(rows[i]!)) lastFilled.push(i)
    const list = numbered(rows, Math.max(0, end - OPTIONS_SPAN), end)
    if (list && list.cursor !== undefined && lastFilled.includes(list.bottom)) found = list
  }
  if (!found && hintAt !== undefined && TAKES.test(rows[hintAt]!) && BACKS_OUT.test(rows[hintAt]!)) {
    // No options to read, but a hint that takes and backs out: a dialog whose choices are keys.
    const title = titleAbove(rows, hintAt, Math.max(0, hintAt - OPTIONS_SPAN))
    return { kind: kindOf(title, []), title, options: [], choose: 'digits', multiSelect: false, moreSteps: false, hint: rows[hintAt]!.trim() }
  }
  if (!found) return null
  const title = titleAbove(rows, found.top, Math.max(0, found.top - OPTIONS_SPAN))
  return {
    kind: kindOf(title, found.options),
    title,
    options: found.options,
    ...(found.cursor === undefined ? {} : { cursor: found.cursor }),
    choose: found.choose,
    multiSelect: found.multiSelect,
    moreSteps: hasOpenTabs(rows.slice(Math.max(0, found.top - OPTIONS_SPAN), found.top)),
    hint: hintAt === undefined ? null : rows[hintAt]!.trim(),
  }
}

/** The shape as the answer box takes it. */
export function shapeDialog(shape: DialogShape, kind: DialogInfo['kind'] = shape.kind): DialogInfo {
  const multi = { ...(shape.multiSelect ? { multiSelect: true as const } : {}), ...(shape.moreSteps ? { moreSteps: true as const } : {}) }
  if (shape.choose === 'arrows')
    return { kind, title: shape.title, options: shape.options, choose: 'arrows', ...(shape.cursor === undefined ? {} : { cursor: shape.cursor }), ...multi }
  return { kind, title: shape.title, options: shape.options, ...multi }
}

/** A check box before an option's label (`[ ] Lint`, `[✔] Lint`, `☐ Lint`): the label without it, and whether there was one. */
export function uncheck(text: string): { label: string; box: boolean } {
  return label(text)
}
