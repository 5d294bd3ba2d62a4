import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
// @ts-expect-error -- a plain .mjs script (also run as `node scripts/importCycles.mjs`), no types
import { appImportsOfTools, findCycles, findFolderCycles, folderOf, importGraph, importsAgainstLayers } from '../../scripts/importCycles.mjs'

const root = resolve(__dirname, '..')

/**
 * Folder loops that are meant to stay, each with its reason. None: every folder of src/shared,
 * src/core, src/board, the process folders and src/tools depends one way (shared ← core ← board ← client ←
 * daemon, ptyHost, cli, electron ← tools; in core, status → agents → process; in board, panes → record), and
 * the agent folders (resources/agents/<id>, nodes `agents/<id>`) import only src/core while board/agents finds them by glob.
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
    const code = resolve(root, 'board/agents/shippedCode.ts')
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

/** Issue 13: core/agents ↔ core/process ↔ core/status and main/panes ↔ main/record (now board/) were loops of folders with no loop of files. */
describe('the folders of src', () => {
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
      [file('cli/cliEntry.ts'), [file('cli/run.ts')]],
      [file('cli/run.ts'), [file('board/appVersion.ts')]],
      [file('board/appVersion.ts'), []],
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
 * imported ./cli/connect). One client library, src/client, is what both use to reach the board.
 */
describe('the clients of the board: the CLI and the Electron host', () => {
  const graph = importGraph(root) as Map<string, string[]>
  const inFolder = (file: string, folder: string) => file.startsWith(resolve(root, folder) + sep)
  const host = (file: string) => inFolder(file, 'electron')
  const cli = (file: string) => inFolder(file, 'cli')

  it('nothing outside src/cli imports the CLI (the host and every tool connect through src/client)', () => {
    const reaching = [...graph].flatMap(([file, deps]) => (cli(file) ? [] : deps.filter(cli).map((d) => `${relative(root, file)} → ${relative(root, d)}`)))
    expect(reaching).toEqual([])
  })

  it('the CLI and the host talk to the socket only through src/client (no node:net, no ipc/jsonLines of their own)', () => {
    const socketCode = resolve(root, 'board/ipc/jsonLines.ts')
    const own = [...graph].flatMap(([file, deps]) => {
      if (!cli(file) && !host(file)) return []
      const net = /from 'node:net'|require\('node:net'\)/.test(readFileSync(file, 'utf8'))
      return [
        ...(net ? [`${relative(root, file)} → node:net`] : []),
        ...deps.filter((d) => d === socketCode).map(() => `${relative(root, file)} → board/ipc/jsonLines.ts`),
      ]
    })
    expect(own).toEqual([])
    const viaClient = (file: string) => (graph.get(resolve(root, file)) ?? []).some((d) => inFolder(d, 'client'))
    expect([viaClient('electron/electronEntry.ts'), viaClient('cli/run.ts')]).toEqual([true, true])
  })
})

/** Issue 21 item 1: the developer tools (bench, replay) lived in src/board, shipped with the app. */
describe('the developer tools in src/tools', () => {
  const imports = appImportsOfTools as (root: string, graph?: Map<string, string[]>) => string[]

  it('nothing of the app imports them', () => {
    expect(imports(root)).toEqual([])
  })

  it('are in the graph, importing the app (the check sees them)', () => {
    const graph = importGraph(root) as Map<string, string[]>
    const replay = graph.get(resolve(root, 'tools/replay/replayRecording.ts'))
    expect(replay).toEqual(expect.arrayContaining([resolve(root, 'board/agents/agentCatalog.ts')]))
  })

  it('finds an import from any layer of the app into them (the check can fail)', () => {
    const file = (path: string) => resolve(root, path)
    const tool = file('tools/bench/stats.ts')
    const graph = new Map([
      [file('shared/a.ts'), [tool]],
      [file('core/status/b.ts'), [tool]],
      [file('electron/electronEntry.ts'), [tool]],
      [file('preload/index.ts'), [tool]],
      [file('renderer/src/c.tsx'), [tool]],
      // The tools import the app and each other; test support ships nothing.
      [file('tools/replay/d.ts'), [file('board/panes/board.ts'), tool]],
      [file('board/test/fixtures.ts'), [tool]],
      [tool, []],
    ])
    expect(imports(root, graph)).toEqual([
      'shared/a.ts → tools/bench/stats.ts',
      'core/status/b.ts → tools/bench/stats.ts',
      'electron/electronEntry.ts → tools/bench/stats.ts',
      'preload/index.ts → tools/bench/stats.ts',
      'renderer/src/c.tsx → tools/bench/stats.ts',
    ])
  })
})

/**
 * Issue 21 item 1: src/main was every process at once. Each process is a top folder now — its entry
 * and its own wiring — and what two share lives below them (LAYER_IMPORTS in scripts/importCycles.mjs).
 */
describe('the layers of src: each process a folder, imports only inward', () => {
  const against = importsAgainstLayers as (root: string, graph?: Map<string, string[]>) => string[]

  it('has no import back up and no process importing another', () => {
    expect(against(root)).toEqual([])
  })

  it('holds each process entry in its own folder, the bundles electron-vite builds', () => {
    const config = readFileSync(resolve(root, '../electron.vite.config.ts'), 'utf8')
    const entries = [...config.matchAll(/resolve\('src\/([^/']+)\/[^']+'\)/g)].map((m) => m[1])
    expect(new Set(entries)).toEqual(new Set(['electron', 'daemon', 'ptyHost', 'cli', 'tools', 'board']))
  })

  it('finds an import back up, one between processes, and a folder with no line (the check can fail)', () => {
    const file = (path: string) => resolve(root, path)
    const graph = new Map([
      [file('board/panes/board.ts'), [file('client/connect.ts'), file('core/status/x.ts')]],
      [file('cli/run.ts'), [file('daemon/daemonMain.ts'), file('client/connect.ts'), file('board/util/log.ts')]],
      [file('electron/window.ts'), [file('cli/args.ts')]],
      [file('renderer/src/a.tsx'), [file('board/host/csp.ts')]],
      // Test support ships nothing: left out, as the tests are.
      [file('board/test/support.ts'), [file('cli/run.ts')]],
      [file('newProcess/entry.ts'), []],
    ])
    expect(against(root, graph)).toEqual([
      'board/panes/board.ts → client/connect.ts',
      'cli/run.ts → daemon/daemonMain.ts',
      'electron/window.ts → cli/args.ts',
      'renderer/src/a.tsx → board/host/csp.ts',
      'newProcess/entry.ts: src/newProcess has no line in LAYER_IMPORTS',
    ])
  })
})
