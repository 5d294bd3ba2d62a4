/**
 * A small shell-like word splitter for the "Command" field of the new-pane form: words are
 * separated by blanks; 'single quotes' keep everything literally; "double quotes" keep blanks and
 * honour \" \\ \$ \` escapes; a backslash outside quotes escapes the next character. There is no
 * expansion of any kind (no $VAR, globs, ~ or pipes): the words become the pane's argv as typed.
 * Not shell-quote's parse: it is a shell parser (it splits `a|b` into three, turns `*.ts` and `#x`
 * into operator objects, rewrites `${Y}` as `$Y`) and accepts an unterminated quote silently,
 * where this field must keep every word as typed and say what is wrong (measured on 1.12.0).
 */
export type SplitResult =
  | {
      readonly ok: true
      readonly argv: string[]
      /** The first shell operator typed unquoted (`|`, `&&`, `;`, `>`, `$(`, a backtick…), which this splitter keeps as plain text; null when none. */
      readonly shellSyntax: string | null
    }
  | { readonly ok: false; readonly error: string }

const SHELL_OPERATOR_CHARS = new Set(['|', '&', ';', '<', '>', '`'])

const DOUBLE_QUOTE_ESCAPABLE = new Set(['"', '\\', '$', '`'])

export function splitArgs(line: string): SplitResult {
  const argv: string[] = []
  let word = ''
  let inWord = false
  let quote: "'" | '"' | null = null
  let shellSyntax: string | null = null

  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i)
    if (quote === "'") {
      if (ch === "'") quote = null
      else word += ch
      continue
    }
    if (quote === '"') {
      if (ch === '"') quote = null
      else if (ch === '\\' && DOUBLE_QUOTE_ESCAPABLE.has(line.charAt(i + 1))) word += line.charAt(++i)
      else word += ch
      continue
    }
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) argv.push(word)
      word = ''
      inWord = false
      continue
    }
    inWord = true
    if (shellSyntax === null && (SHELL_OPERATOR_CHARS.has(ch) || (ch === '$' && line.charAt(i + 1) === '('))) {
      const next = line.charAt(i + 1)
      shellSyntax = ch === '$' ? '$(' : next === ch && ch !== '`' ? ch + ch : ch
    }
    if (ch === "'" || ch === '"') quote = ch
    else if (ch === '\\') {
      if (i + 1 >= line.length) return { ok: false, error: 'the command ends with a lone backslash' }
      word += line.charAt(++i)
    } else word += ch
  }
  if (quote) return { ok: false, error: `unterminated ${quote === "'" ? 'single' : 'double'} quote` }
  if (inWord) argv.push(word)
  return { ok: true, argv, shellSyntax }
}
