/**
 * A load-time check for regular expressions that backtrack catastrophically (JavaScript's engine
 * backtracks; `^(a+)+$` against 30 `a`s and a `b` takes seconds, and rules run on the board's
 * thread). It refuses the two shapes behind nearly all such stalls, by structure, in linear time:
 *
 * - nested unbounded repeats (star height > 1): `(a+)+`, `(x*)*`, `(?:\w+\s?)+`;
 * - an unbounded repeat of alternatives where one is a prefix of another: `(a|aa)+`.
 *
 * Repeats of a group without an inner unbounded repeat (`(ab)+`, `(?:a{1,3})+`) pass.
 */

interface Frame {
  unboundedInside: boolean
  /** Literal text of each alternative, or null once an alternative holds anything but literals. */
  alternatives: (string | null)[]
}

type Atom = { readonly group: false } | { readonly group: true; readonly unboundedInside: boolean; readonly overlapping: boolean }

function overlapping(alternatives: readonly (string | null)[]): boolean {
  if (alternatives.length < 2) return false
  const literal = alternatives.filter((a): a is string => a !== null)
  for (const a of literal) for (const b of literal) if (a !== b && b.startsWith(a)) return true
  return new Set(literal).size < literal.length
}

/** Why `source` can backtrack catastrophically, or null when it has neither shape. */
export function catastrophicBacktracking(source: string): string | null {
  const stack: Frame[] = [{ unboundedInside: false, alternatives: [''] }]
  let last: Atom | null = null
  const top = () => stack[stack.length - 1]!
  const literal = (text: string | null) => {
    const alts = top().alternatives
    const i = alts.length - 1
    alts[i] = text === null || alts[i] === null ? null : alts[i] + text
  }
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === '\\') {
      const next = source[i + 1] ?? ''
      // \d, \w, \s … are classes; \. \( \* … are literal characters.
      literal(/[a-zA-Z0-9]/.test(next) ? null : next)
      i += next === 'p' || next === 'P' ? Math.max(1, source.indexOf('}', i) - i) : 1
      last = { group: false }
      continue
    }
    if (c === '[') {
      let j = i + 1
      if (source[j] === '^') j++
      if (source[j] === ']') j++
      for (; j < source.length && source[j] !== ']'; j++) if (source[j] === '\\') j++
      i = j
      literal(null)
      last = { group: false }
      continue
    }
    if (c === '(') {
      if (source[i + 1] === '?') {
        const m = /^\?(?::|=|!|<=|<!|<[^>]*>)/.exec(source.slice(i + 1))
        i += m ? m[0].length : 1
      }
      stack.push({ unboundedInside: false, alternatives: [''] })
      last = null
      continue
    }
    if (c === ')' && stack.length > 1) {
      const frame = stack.pop()!
      literal(null)
      last = { group: true, unboundedInside: frame.unboundedInside, overlapping: overlapping(frame.alternatives) }
      if (frame.unboundedInside) top().unboundedInside = true
      continue
    }
    if (c === '|') {
      top().alternatives.push('')
      last = null
      continue
    }
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})/.exec(source.slice(i))
    if (quantifier && last) {
      const unbounded = c === '*' || c === '+' || (quantifier[2] !== undefined && quantifier[3] === '')
      i += quantifier[0].length - 1
      if (source[i + 1] === '?') i++
      literal(null)
      if (unbounded && last.group && last.unboundedInside) return `a repeated group holds a repeat of its own ("${source}"): nested quantifiers backtrack catastrophically`
      if (unbounded && last.group && last.overlapping) return `a repeated group has alternatives that overlap ("${source}"): it backtracks catastrophically`
      if (unbounded) top().unboundedInside = true
      last = null
      continue
    }
    literal(c === '^' || c === '$' || c === '.' ? null : c)
    last = { group: false }
  }
  return null
}
