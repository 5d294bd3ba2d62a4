import { endsWithQuestion, lastSentence } from '../notify/askText'

/**
 * The agent's last reply as the screen shows it, for a rule that reads whether it ends with a
 * question: the turn's end on screen says `asked` by itself, whatever order the agent's reports
 * come in or whether they come at all. Wrapped at any width: the reply's rows are joined again.
 *
 * A reply is a block of the transcript: a first row marked as the agent's (`block`, Claude's
 * `● `), then rows indented under it, paragraphs apart. Read from the bottom of the region (the
 * rows above the prompt), past the status rows (`skip`: Claude's `✻ Baked for 1s`); the block is
 * no reply when its first row or any of its rows is something else (`other`: a tool call
 * `● Bash(…)`, its output `⎿ …`, "Interrupted · What should Claude do instead?").
 *
 * A reply taller than the region has its first row scrolled out of it (Claude at 50×16: a reply
 * of three paragraphs, or a list with its question under it, test/fixtures/claude/cc*-asks-50x16).
 * It is still the reply when every row from the region's top down is one of its rows and its last
 * paragraph sits at the reply's own indent exactly: a tool's output is indented deeper (`⎿  `
 * then five columns), so its rows never pass for a reply's.
 */
export interface ReplySpec {
  /** The first row of any block of the transcript (the agent's, a tool's). */
  readonly block: string
  /** A row that makes the block something other than a reply: a tool call, tool output. */
  readonly other?: string
  /** Rows between the reply and the region's end that say nothing (status, tips). */
  readonly skip?: string
  /** The indent of a reply's continuation rows. */
  readonly indent: number
}

export interface CompiledReply {
  readonly block: RegExp
  readonly other: RegExp | null
  readonly skip: RegExp | null
  readonly indent: number
}

/** How many rows a reply's last paragraph may span on screen (a long question wrapped at 50 columns). */
const MAX_ROWS = 40

const blank = (row: string) => row.trim() === ''
const indentOf = (row: string) => row.length - row.trimStart().length

/**
 * The last paragraph of the reply that ends `rows`, joined (its first row without the block's
 * mark), or null when the rows do not end with a reply.
 */
export function lastReply(spec: CompiledReply, rows: readonly string[]): string | null {
  let i = rows.length - 1
  while (i >= 0 && (blank(rows[i]!) || spec.skip?.test(rows[i]!))) i--
  if (i < 0) return null
  const paragraph: string[] = []
  let inLast = true
  let atIndent = true
  const joined = () => paragraph.map((r) => r.trim()).join(' ')
  for (let seen = 0; i >= 0 && seen < MAX_ROWS; i--, seen++) {
    const row = rows[i]!
    if (blank(row)) {
      inLast = false
      continue
    }
    if (spec.other?.test(row)) return null
    if (spec.block.test(row)) {
      if (inLast) paragraph.unshift(row.replace(spec.block, ''))
      return joined()
    }
    if (indentOf(row) < spec.indent) return null
    if (inLast) {
      paragraph.unshift(row)
      atIndent &&= indentOf(row) === spec.indent
    }
  }
  // The region's top reached inside the block: its first row scrolled out (above).
  return i < 0 && atIndent ? joined() : null
}

/** The question the reply on screen ends with (its last sentence), or null when it asks nothing. */
export function replyQuestion(spec: CompiledReply, rows: readonly string[]): string | null {
  const text = lastReply(spec, rows)
  return text && endsWithQuestion(text) ? lastSentence(text) : null
}
