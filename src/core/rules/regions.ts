import type { RegionSpec, ScreenView } from './ruleTypes'
import { memoized } from './screenMemo'

/**
 * A horizontal rule drawn by a TUI: a row that is mostly one box-drawing stroke (Claude's and Pi's
 * `────` around the prompt). Ten strokes, so a short `──` inside prose or a table is not one.
 */
const HORIZONTAL_RULE = /^\s*[─━═]{10,}\s*$/u

export interface Region {
  readonly rows: readonly string[]
  readonly isTitle: boolean
}

export type ParsedRegion =
  | { readonly kind: 'screen' }
  | { readonly kind: 'title' }
  | { readonly kind: 'bottom'; readonly count: number }
  | { readonly kind: 'rows'; readonly from: number; readonly to: number }
  | { readonly kind: 'after-rule'; readonly nth: number }
  | { readonly kind: 'above-rule'; readonly nth: number; readonly count: number }
  | { readonly kind: 'before-rule'; readonly nth: number }
  | { readonly kind: 'prompt-box' }

const INT = '(-?\\d+)'
const PATTERNS: readonly [RegExp, (m: RegExpMatchArray) => ParsedRegion][] = [
  [/^screen$/, () => ({ kind: 'screen' })],
  [/^title$/, () => ({ kind: 'title' })],
  [/^bottom:(\d+)$/, (m) => ({ kind: 'bottom', count: Number(m[1]) })],
  [new RegExp(`^rows:${INT}:${INT}$`), (m) => ({ kind: 'rows', from: Number(m[1]), to: Number(m[2]) })],
  [/^after-rule(?::(\d+))?$/, (m) => ({ kind: 'after-rule', nth: m[1] === undefined ? 1 : Number(m[1]) })],
  [/^above-rule:(\d+):(\d+)$/, (m) => ({ kind: 'above-rule', nth: Number(m[1]), count: Number(m[2]) })],
  [/^before-rule(?::(\d+))?$/, (m) => ({ kind: 'before-rule', nth: m[1] === undefined ? 1 : Number(m[1]) })],
  [/^prompt-box$/, () => ({ kind: 'prompt-box' })],
]

/** One object per region string, so that rules naming the same region share its selection (selectRegion). */
const parsed = new Map<RegionSpec, ParsedRegion | null>()

/** Parses a region string; `null` when it is not one of the forms documented on RegionSpec. */
export function parseRegion(spec: RegionSpec): ParsedRegion | null {
  if (!parsed.has(spec)) parsed.set(spec, parseRegionSpec(spec))
  return parsed.get(spec)!
}

function parseRegionSpec(spec: RegionSpec): ParsedRegion | null {
  for (const [re, build] of PATTERNS) {
    const m = re.exec(spec)
    if (m) {
      const region = build(m)
      if ('count' in region && region.count < 1) return null
      if ('nth' in region && region.nth < 1) return null
      return region
    }
  }
  return null
}

const ruleRowsOf = new WeakMap<readonly string[], readonly number[]>()

/** The rows that are horizontal rules: found once per screen, however many regions are anchored on them. */
function ruleRows(lines: readonly string[]): readonly number[] {
  return memoized(ruleRowsOf, lines, () => {
    const out: number[] = []
    lines.forEach((line, i) => {
      if (HORIZONTAL_RULE.test(line)) out.push(i)
    })
    return out
  })
}

/** Resolves a negative row index (from the bottom) to 0-based, clamped to the screen. */
function rowIndex(n: number, total: number): number {
  const i = n < 0 ? total + n : n
  return Math.max(0, Math.min(total - 1, i))
}

const selections = new WeakMap<ScreenView, Map<ParsedRegion, Region>>()

/**
 * The rows a region covers on this screen. A region that does not exist here is empty. Selected
 * once per view and region (the same rows array each time, so what is derived from it is too).
 */
export function selectRegion(view: ScreenView, region: ParsedRegion): Region {
  const selected = memoized(selections, view, () => new Map<ParsedRegion, Region>())
  let out = selected.get(region)
  if (!out) selected.set(region, (out = select(view, region)))
  return out
}

function select(view: ScreenView, region: ParsedRegion): Region {
  const lines = view.lines
  switch (region.kind) {
    case 'screen':
      return { rows: lines, isTitle: false }
    case 'title':
      return { rows: [view.title], isTitle: true }
    case 'bottom':
      return { rows: lines.filter((l) => l.trim() !== '').slice(-region.count), isTitle: false }
    case 'rows': {
      if (lines.length === 0) return { rows: [], isTitle: false }
      const from = rowIndex(region.from, lines.length)
      const to = rowIndex(region.to, lines.length)
      return { rows: from <= to ? lines.slice(from, to + 1) : [], isTitle: false }
    }
    case 'after-rule': {
      const rules = ruleRows(lines)
      const at = rules[rules.length - region.nth]
      return { rows: at === undefined ? [] : lines.slice(at + 1), isTitle: false }
    }
    case 'above-rule': {
      const rules = ruleRows(lines)
      const at = rules[rules.length - region.nth]
      return {
        rows:
          at === undefined
            ? []
            : lines
                .slice(0, at)
                .filter((l) => l.trim() !== '')
                .slice(-region.count),
        isTitle: false,
      }
    }
    case 'before-rule': {
      const rules = ruleRows(lines)
      const at = rules[rules.length - region.nth]
      return { rows: at === undefined ? [] : lines.slice(0, at), isTitle: false }
    }
    case 'prompt-box': {
      const rules = ruleRows(lines)
      const [top, bottom] = [rules[rules.length - 2], rules[rules.length - 1]]
      return { rows: top === undefined || bottom === undefined ? [] : lines.slice(top + 1, bottom), isTitle: false }
    }
  }
}
