/** Small display helpers for pane rows and headers. Pure, so they are unit-tested. */

/** A compact age: "0s", "12s", "3m", "2h", "5d". Negative ages (clock skew) read as "0s". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m`
  const h = Math.floor(m / 60)
  if (h < 24) return `${h}h`
  return `${Math.floor(h / 24)}d`
}

/** The same age spelled out, for tooltips and screen readers: "12 seconds", "1 minute". */
export function describeAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (s < 60) return unit(s, 'second')
  if (s < 3600) return unit(Math.floor(s / 60), 'minute')
  if (s < 86400) return unit(Math.floor(s / 3600), 'hour')
  return unit(Math.floor(s / 86400), 'day')
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/

/** argv as a user would type it back into a shell: words with blanks or quotes are single-quoted. */
export function formatArgv(argv: readonly string[]): string {
  return argv.map((w) => (SAFE_WORD.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ')
}

/** The last `keep` path components of a directory, prefixed with "…/" when shortened. */
export function shortPath(path: string, keep = 2): string {
  const parts = path.split('/').filter(Boolean)
  if (parts.length <= keep) return path
  return `…/${parts.slice(-keep).join('/')}`
}

/** Linux signal numbers for exit descriptions (the ones panes commonly die of). */
const SIGNALS: Record<number, string> = { 1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 6: 'SIGABRT', 9: 'SIGKILL', 13: 'SIGPIPE', 15: 'SIGTERM' }

export function describeExit(exit: { readonly code: number; readonly signal: number | null }): string {
  if (exit.signal !== null && exit.signal !== 0) return `killed by ${SIGNALS[exit.signal] ?? `signal ${exit.signal}`}`
  return `exit code ${exit.code}`
}

/**
 * A pane title without the agent's status decoration: Claude prefixes its title with a braille
 * spinner while working (2.1.332: ◐ ◓ ◑ ◒) and `✳` otherwise, Codex with `[ ! ] Action Required |` while a dialog is
 * open. The board shows the state itself; the title should read the same in every state.
 */
export function cleanTitle(title: string): string {
  const cleaned = title
    .replace(/^\[ [!.] \] Action Required \| /, '')
    .replace(/^[\u2800-\u28ff\u25d0-\u25d3✳✻✽✶✢·*]\s+/u, '')
    .trim()
  return cleaned || title
}

/**
 * The question a reply ended with, from the verdict's evidence (`Stop: reply ends "… Should I
 * add a test?"`): its last sentence, which is what the user has to answer.
 */
export function askedQuestion(detail: string): string {
  const quoted = /"(.*)"\s*$/.exec(detail)?.[1] ?? detail
  const sentences = quoted.replace(/^…\s*/, '').split(/(?<=[.!?。？])\s+/)
  return sentences.at(-1) || quoted
}
