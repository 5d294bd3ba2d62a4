import { setFlagsFromString } from 'node:v8'
import type { RegexFlags } from '../../core/rules/compileRules'

/**
 * The one place rule regexes are compiled (screen rules, `recognize`, `screen_version`, an agent
 * manifest's patterns): files in ~/.config/switchboard that any program in a pane can write, run
 * on the board's thread against what panes print. Every rule regex is one V8's linear-time engine
 * can run (checked here by compiling it with the `l` flag): no input can stall the board, whatever
 * the pattern. A structural check for "catastrophic" shapes was bypassed four ways
 * (`^(\w|\d)+$` took 84 s on 29 characters; issue 24); an engine that cannot backtrack needs no
 * guess.
 *
 * It is matched by the backtracking engine first, and by the linear one once a match has
 * backtracked 50 000 times (the second flag below): V8's linear engine is an interpreter, 20–60×
 * slower on ordinary rows (Claude's rules took 138 µs per evaluation of a 120×32 screen, 72 % of
 * it in the linear engine, at up to 10 evaluations a second per redrawing pane; issue 20). The
 * issue's regexes cost 0.2–0.4 ms per row so (50 000 backtracks, then the linear run), against
 * hours of backtracking.
 *
 * The engine is behind V8 flags, process-wide (every thread and worker of the process sees them),
 * set here, at import, before any rule is compiled: every process that compiles a rule does so
 * through this module. The fallback holds for every regex of the process the linear engine can run
 * (no `u` flag, no lookaround …).
 *
 * The linear engine (Node 20's V8 11.3, and kept for Electron's newer one) has no `u` flag, so
 * rules are compiled without it; they are first checked under `u`'s stricter grammar (an
 * identity escape like `\a` or a lone `{` stays an error, as it was), and the few things `u`
 * means differently are refused with what to write instead. What remains means the same, except
 * that a character above U+FFFF (most emoji) is two UTF-16 units to `.` and to negated classes.
 */
setFlagsFromString('--enable-experimental-regexp-engine')
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks')

/** Why `source` would mean something else without the `u` flag, or null. */
function unicodeOnly(source: string): string | null {
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === '\\') {
      const next = source[i + 1]
      if (next === 'p' || next === 'P') return `\\${next}{…} (a Unicode property) is not supported: list the characters in a class instead ([A-Za-zÀ-ÿ])`
      if (next === 'u' && source[i + 2] === '{') return '\\u{…} is not supported: write \\uXXXX (four hex digits, e.g. \\u2800)'
      i++
      continue
    }
    const code = source.codePointAt(i)!
    if (code > 0xffff)
      return `"${String.fromCodePoint(code)}" (U+${code.toString(16).toUpperCase()}) is above U+FFFF, which the linear engine sees as two UTF-16 units: match the text around it, or write the pair as \\u${source.charCodeAt(i).toString(16).toUpperCase()}\\u${source
        .charCodeAt(i + 1)
        .toString(16)
        .toUpperCase()} (not inside [ ] or before a repeat)`
  }
  return null
}

/** What in `source` the linear engine cannot run, as precisely as the source shows it. */
function notLinear(source: string): string {
  if (/\(\?<?[=!]/.test(source))
    return 'a lookahead or lookbehind ((?= (?! (?<= (?<!) cannot be matched in linear time: say it with the matcher (a `not`, an `all`) or with an alternation'
  if (/\\[1-9]|\\k</.test(source)) return 'a back-reference (\\1, \\k<name>) cannot be matched in linear time'
  return 'it cannot be matched in linear time: a counted repeat is unrolled, and {n} / {n,m} above 16, or a repeat over a group that is itself repeated a count of times, is too large; write + or * (a rule matches in linear time whatever it repeats)'
}

/**
 * Compiles a rule's regex (`flags`: some of g, m), one the linear-time engine runs when matching
 * backtracks too long, or throws an Error saying what is wrong with it and what to write instead.
 */
export function compileRuleRegex(source: string, flags: RegexFlags = ''): RegExp {
  try {
    new RegExp(source, `${flags}u`)
  } catch (err) {
    throw new Error(`invalid regular expression: ${(err as Error).message}`)
  }
  const unicode = unicodeOnly(source)
  if (unicode) throw new Error(unicode)
  try {
    // Only to prove the linear engine takes it: the fallback goes to it only then.
    new RegExp(source, `${flags}l`)
  } catch {
    throw new Error(notLinear(source))
  }
  return new RegExp(source, flags)
}
