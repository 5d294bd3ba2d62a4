/**
 * Screen rules as data. A rule file (resources/rules/<agent>.toml) is parsed and validated in main
 * (smol-toml + zod need Node); what reaches core is this plain shape, already checked. Core
 * compiles the regexes once and evaluates the rules over what is on the screen now.
 */

/**
 * What a screen rule can conclude. `exited`: the agent printed its goodbye screen. `asked`: the
 * prompt, under a finished reply that ends with a question (an idle screen that says more).
 */
export const RULE_STATES = ['blocked', 'question', 'working', 'asked', 'idle', 'exited'] as const
export type RuleState = (typeof RULE_STATES)[number]

/**
 * Where on the screen a rule looks. Strings, so a rule file stays one line per rule:
 * - `screen`: every visible row (the bottom page, never scrollback)
 * - `title`: the window title only
 * - `bottom:N`: the bottom N non-empty rows
 * - `rows:A:B`: rows A..B inclusive; negative counts from the bottom (-1 = last row)
 * - `after-rule` / `after-rule:N`: the rows below the Nth-last horizontal rule (default 1 = last)
 * - `above-rule:N:K`: the K non-empty rows just above the Nth-last horizontal rule
 * - `before-rule` / `before-rule:N`: every row above the Nth-last horizontal rule (blank ones too)
 * - `prompt-box`: the rows between the last two horizontal rules
 */
export type RegionSpec = string

/**
 * A matcher tree. Exactly one of the keys below per node (validated in main). Any node may add
 * `in = "<region>"` to look somewhere other than the rule's region, so one rule can say "this
 * text is on the last row AND that text is above it".
 */
export type MatcherSpec = MatcherNode & { readonly in?: RegionSpec }

type MatcherNode =
  | { readonly contains: string }
  /** Regex over the region's rows joined with "\n", multiline: `^`/`$` are row boundaries. */
  | { readonly regex: string }
  /** Regex tested against each row; matches when any row matches. */
  | { readonly line: string }
  | { readonly any: readonly MatcherSpec[] }
  | { readonly all: readonly MatcherSpec[] }
  | { readonly not: MatcherSpec }
  /**
   * A dialog found by its shape (core/rules/dialogStructure.ts): options with a key-hint row below
   * them, at the bottom of the region, of this kind (`any`: either). A rule matching by shape and
   * describing no `dialog` of its own takes the dialog's kind, title and options from the shape.
   */
  | { readonly dialog: 'permission' | 'question' | 'any' }
  /**
   * The agent's last reply on screen ends with a question (core/rules/screenReply.ts): the hit is
   * that question. For a rule of state `asked`: the turn's end on screen says it by itself.
   */
  | { readonly asks: ReplySpec }

export interface DialogSpec {
  readonly kind: 'permission' | 'question'
  /** Per-row regex; group 1 (or the group named `title`) of the first matching row is the title. */
  readonly title?: string
  /**
   * Per-row regex, applied globally so one row may hold several options. Named groups `key` and
   * `label` (else groups 1 and 2; a lone group is the label); a match in which a named `label`
   * takes no part is no option (rows to leave out, without a lookahead). A missing key becomes the 1-based
   * position, for dialogs chosen with arrows. Absent: the options are read off the dialog's shape
   * (numbered or marked rows above its key hints), as for a dialog no rule names.
   */
  readonly option?: string
  /** Region to extract from; defaults to the rule's region. */
  readonly region?: RegionSpec
  /**
   * How the program takes an option: `digits` (the default: its key) or `arrows` (the highlight
   * moved to it, then Enter; the option regex's named group `cursor` marks the highlighted row).
   */
  readonly choose?: 'digits' | 'arrows'
}

export interface RuleSpec {
  readonly id: string
  readonly state: RuleState
  /** Higher is evaluated first; equal priorities keep file order. First match wins. */
  readonly priority: number
  readonly region: RegionSpec
  readonly match: MatcherSpec
  readonly dialog?: DialogSpec
  /** Why the rule exists and what it was seen on (shown by `explain`). */
  readonly note?: string
}

export interface RuleFileSpec {
  readonly agent: string
  /** The agent version these rules were verified on (a newer agent → drift warning). */
  readonly verifiedOn: string
  /** Regexes over the visible screen that recognise the agent in a recording. */
  readonly recognize: readonly string[]
  /**
   * Regex over the visible rows that reads the agent's version off its banner (group `version`,
   * else group 1), for agents whose reports carry none. A newer version is drift.
   */
  readonly screenVersion?: string
  readonly rules: readonly RuleSpec[]
}

/** The screen as the rules see it: the bottom page as text, plus the title. */
export interface ScreenView {
  readonly lines: readonly string[]
  readonly title: string
  readonly alternate: boolean
  /** The terminal's width, for telling a wrapped option's continuation (else the widest line). */
  readonly cols?: number
}

import type { ReplySpec } from './screenReply'
export type { ReplySpec }

// The dialog structure is part of the pane's public shape (the answer box offers its options).
import type { DialogInfo, DialogOption } from '../../shared/domain/pane'
export type { DialogInfo, DialogOption }

export interface RuleMatch {
  readonly ruleId: string
  readonly state: RuleState
  /** The row (or title) that decided it, trimmed, for evidence. */
  readonly text: string
  readonly fromTitle: boolean
  readonly dialog?: DialogInfo
  /** A dialog found by its shape alone: no rule names this variant (its kind is a guess a report may correct). */
  readonly unnamed?: boolean
}
