import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
// @ts-expect-error -- a plain .mjs script (also run as `node scripts/importCycles.mjs`), no types
import { appImportsOfTools, findCycles, findFolderCycles, folderOf, importGraph } from '../../scripts/importCycles.mjs'

const root = resolve(__dirname, '..')

/**
 * Folder loops that are meant to stay, each with its reason. None: every folder of src/shared,
 * src/core, src/main and src/tools depends one way (shared ← core ← main ← tools; in core, status → agents →
 * process; in main, panes → record), and the agent folders (resources/agents/<id>, nodes
 * `agents/<id>`) import only src/core while main/agents finds them by glob.
 */
const JUSTIFIED_FOLDER_LOOPS: readonly { readonly folders: string; readonly why: string }[] = []

/** Issue 13: NewPaneForm → paneActions → overlayStore → NewPaneForm, and cli/args ↔ cli/sessionCommands, were loops. */
describe('the import graph of src and the agent folders', () => {
  it('has no cycle (type-only imports included)', () => {
    const cycles = (findCycles(importGraph(root)) as string[][]).map((c) => c.map((f) => relative(root, f)).join(' ↔ '))
    expect(cycles).toEqual([])
  })

  it('sees the agent folders and the glob that finds their code', () => {
    const graph = importGraph(root) as Map<string, string[]>
    const code = resolve(root, 'main/agents/shippedCode.ts')
    expect(graph.get(code)).toEqual(
      expect.arrayContaining([resolve(root, '../resources/agents/claude/launch.ts'), resolve(root, '../resources/agents/codex/terminal.ts')]),
    )
    expect((folderOf as (r: string, f: string) => string | null)(root, resolve(root, '../resources/agents/codex/hookTrust.ts'))).toBe('agents/codex')
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

/** Issue 13: core/agents ↔ core/process ↔ core/status and main/panes ↔ main/record were loops of folders with no loop of files. */
describe('the folders of src/shared, src/core and src/main', () => {
  it('import each other in no loop but the justified ones', () => {
    const cycles = (findFolderCycles(root) as string[][]).map((c) => c.join(' ↔ '))
    expect(cycles).toEqual(JUSTIFIED_FOLDER_LOOPS.map((l) => l.folders))
  })

  it('finds a loop of folders that no loop of files shows (the check can fail)', () => {
    const file = (path: string) => resolve(root, path)
    const graph = new Map([
      [file('core/status/signals.ts'), [file('core/agents/registry.ts')]],
      [file('core/agents/registry.ts'), []],
      [file('core/agents/reports.ts'), [file('core/status/table.ts')]],
      [file('core/status/table.ts'), []],
      // A file directly in a layer is a node of its own: an entry point importing a folder that imports a sibling module is no loop.
      [file('main/index.ts'), [file('main/cli/run.ts')]],
      [file('main/cli/run.ts'), [file('main/appVersion.ts')]],
      [file('main/appVersion.ts'), []],
      // Outside the layers: not checked.
      [file('renderer/src/a/x.ts'), [file('renderer/src/b/y.ts')]],
      [file('renderer/src/b/y.ts'), [file('renderer/src/a/z.ts')]],
      [file('renderer/src/a/z.ts'), []],
    ])
    expect(findCycles(graph)).toEqual([])
    expect(findFolderCycles(root, graph)).toEqual([['core/agents', 'core/status']])
  })
})

/**
 * Issue 21 item 1: the Electron host took its socket client from the CLI's folder (main/index.ts
 * imported ./cli/connect). One client library, main/client, is what both use to reach the board.
 */
describe('the clients of the board: the CLI and the Electron host', () => {
  const graph = importGraph(root) as Map<string, string[]>
  const inFolder = (file: string, folder: string) => file.startsWith(resolve(root, folder) + sep)
  const host = (file: string) => file === resolve(root, 'main/index.ts') || inFolder(file, 'main/electron')
  const cli = (file: string) => inFolder(file, 'main/cli')

  it('nothing outside main/cli imports the CLI (the host and every tool connect through main/client)', () => {
    const reaching = [...graph].flatMap(([file, deps]) => (cli(file) ? [] : deps.filter(cli).map((d) => `${relative(root, file)} → ${relative(root, d)}`)))
    expect(reaching).toEqual([])
  })

  it('the CLI and the host talk to the socket only through main/client (no node:net, no ipc/jsonLines of their own)', () => {
    const socketCode = resolve(root, 'main/ipc/jsonLines.ts')
    const own = [...graph].flatMap(([file, deps]) => {
      if (!cli(file) && !host(file)) return []
      const net = /from 'node:net'|require\('node:net'\)/.test(readFileSync(file, 'utf8'))
      return [
        ...(net ? [`${relative(root, file)} → node:net`] : []),
        ...deps.filter((d) => d === socketCode).map(() => `${relative(root, file)} → main/ipc/jsonLines.ts`),
      ]
    })
    expect(own).toEqual([])
    const viaClient = (file: string) => (graph.get(resolve(root, file)) ?? []).some((d) => inFolder(d, 'main/client'))
    expect([viaClient('main/index.ts'), viaClient('main/cli/run.ts')]).toEqual([true, true])
  })
})

/** Issue 21 item 1: the developer tools (bench, replay) lived in src/main, shipped with the app. */
describe('the developer tools in src/tools', () => {
  const imports = appImportsOfTools as (root: string, graph?: Map<string, string[]>) => string[]

  it('nothing of the app imports them', () => {
    expect(imports(root)).toEqual([])
  })

  it('are in the graph, importing the app (the check sees them)', () => {
    const graph = importGraph(root) as Map<string, string[]>
    const replay = graph.get(resolve(root, 'tools/replay/replayRecording.ts'))
    expect(replay).toEqual(expect.arrayContaining([resolve(root, 'main/agents/agentCatalog.ts')]))
  })

  it('finds an import from any layer of the app into them (the check can fail)', () => {
    const file = (path: string) => resolve(root, path)
    const tool = file('tools/bench/stats.ts')
    const graph = new Map([
      [file('shared/a.ts'), [tool]],
      [file('core/status/b.ts'), [tool]],
      [file('main/index.ts'), [tool]],
      [file('preload/index.ts'), [tool]],
      [file('renderer/src/c.tsx'), [tool]],
      // The tools import the app and each other; test support ships nothing.
      [file('tools/replay/d.ts'), [file('main/panes/board.ts'), tool]],
      [file('main/test/fixtures.ts'), [tool]],
      [tool, []],
    ])
    expect(imports(root, graph)).toEqual([
      'shared/a.ts → tools/bench/stats.ts',
      'core/status/b.ts → tools/bench/stats.ts',
      'main/index.ts → tools/bench/stats.ts',
      'preload/index.ts → tools/bench/stats.ts',
      'renderer/src/c.tsx → tools/bench/stats.ts',
    ])
  })
})
