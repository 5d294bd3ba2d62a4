import { describe, expect, it } from 'vitest'
import { relative, resolve } from 'node:path'
// @ts-expect-error -- a plain .mjs script (also run as `node scripts/importCycles.mjs`), no types
import { findCycles, importGraph } from '../../scripts/importCycles.mjs'

/** Issue 13: NewPaneForm → paneActions → overlayStore → NewPaneForm, and cli/args ↔ cli/sessionCommands, were loops. */
describe('the import graph of src', () => {
  it('has no cycle (type-only imports included)', () => {
    const root = resolve(__dirname, '..')
    const cycles = (findCycles(importGraph(root)) as string[][]).map((c) => c.map((f) => relative(root, f)).join(' ↔ '))
    expect(cycles).toEqual([])
  })

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })
})
