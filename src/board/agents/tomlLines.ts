/**
 * The line a TOML key path is on, for errors that point into a file: `report.3.effect` is the
 * `effect =` after the fourth `[[report]]` header; a key that is missing points at its table's
 * header. Only what error messages need: headers, `key = value` lines and dotted keys.
 */
type Segment = string | number

const HEADER = /^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/
const KEY = /^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=/

const keyParts = (dotted: string): string[] => dotted.split('.').map((k) => k.trim().replace(/^["']|["']$/g, ''))

/** Common prefix length, when `candidate` is entirely a prefix of `target`; else -1. */
function prefixOf(candidate: readonly Segment[], target: readonly Segment[]): number {
  if (candidate.length > target.length) return -1
  for (let i = 0; i < candidate.length; i++) if (String(candidate[i]) !== String(target[i])) return -1
  return candidate.length
}

/** 1-based line of the deepest key or header on the way to `path`; 1 when none is. */
export function lineOfPath(text: string, path: readonly Segment[]): number {
  const lines = text.split('\n')
  const arrays = new Map<string, number>()
  let table: Segment[] = []
  let best = { line: 1, depth: 0 }
  const consider = (candidate: readonly Segment[], line: number) => {
    const depth = prefixOf(candidate, path)
    if (depth > best.depth) best = { line, depth }
  }
  for (let i = 0; i < lines.length; i++) {
    const row = lines[i] ?? ''
    const header = HEADER.exec(row)
    if (header) {
      const name = keyParts(header[2]!)
      if (header[1] === '[[') {
        const key = name.join('.')
        const index = arrays.get(key) ?? 0
        arrays.set(key, index + 1)
        table = [...name, index]
      } else {
        table = name
      }
      consider(table, i + 1)
      continue
    }
    const key = KEY.exec(row)
    if (key) consider([...table, ...keyParts(key[1]!)], i + 1)
  }
  return best.line
}
