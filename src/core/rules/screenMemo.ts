/**
 * What the rules derive from one screen, derived once per screen. An evaluation runs every rule of
 * the agent in order (Claude's 17), and most of them select a region of the same screen: each
 * selection scanned every row for horizontal rules, two rules looked for a dialog's shape on the
 * same rows, and a `regex` matcher joined its rows again. Claude's rules took 138 µs per
 * evaluation of a recorded 120×32 screen, at up to 10 evaluations a second per redrawing pane.
 *
 * Keyed by the objects a screen is read into (its view, its rows arrays), which nothing changes
 * once read (a view is a fresh copy per read, `ScreenView` is readonly); entries go with them.
 */
export function memoized<K extends object, V>(cache: WeakMap<K, V>, key: K, derive: (key: K) => V): V {
  const known = cache.get(key)
  if (known !== undefined || cache.has(key)) return known as V
  const value = derive(key)
  cache.set(key, value)
  return value
}

const joined = new WeakMap<readonly string[], string>()

/** The rows joined by '\n' (a `regex` matcher's input, a `contains` spanning rows). */
export function joinRows(rows: readonly string[]): string {
  return memoized(joined, rows, (r) => r.join('\n'))
}
