// Finds import cycles among the TypeScript sources (type-only imports included: a loop of types
// is still two modules that cannot be understood apart), between files and between the folders of
// the layers (src/shared/*, src/core/*, src/board/*: `core/status` → `core/agents` → `core/status`
// is a loop even when no file is in one), and imports against the layering of src's top folders
// (LAYER_IMPORTS: no import back up, and no process's folder importing another's). `node scripts/importCycles.mjs [root]` prints each cycle
// and exits 1 if there is one; the unit suite runs it (src/board/importCycles.test.ts). The agent
// folders' code (resources/agents/<id>/*.ts) is part of the graph, each folder a node `agents/<id>`,
// and so are the bundler's `import.meta.glob('…')` imports (how main finds that code). It also
// fails when the app (everything in src but src/tools) imports the developer tools (src/tools).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts)$/
const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx']

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sources(path, out)
    else if (SOURCE.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  if (SOURCE.test(base) && existsSync(base)) return base
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext
  return null
}

// The files a glob of the bundler's names (`../../../resources/agents/*/launch.ts`): `*` matches one path segment.
function expandGlob(from, pattern) {
  if (!pattern.startsWith('.')) return []
  let paths = [dirname(from)]
  for (const part of pattern.split('/')) {
    if (part === '*') paths = paths.flatMap((p) => (existsSync(p) && statSync(p).isDirectory() ? readdirSync(p).map((n) => join(p, n)) : []))
    else paths = paths.map((p) => resolve(p, part))
  }
  return paths.filter((p) => existsSync(p) && statSync(p).isFile())
}

const GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g

/** The agent folders' code beside `root` (src): resources/agents. */
export const agentFoldersOf = (root) => resolve(root, '..', 'resources', 'agents')

/** The import graph of `root`'s sources (and of the agent folders beside it): file → the files it imports. */
export function importGraph(root, extraRoots = [agentFoldersOf(root)]) {
  const graph = new Map()
  for (const file of [root, ...extraRoots].filter((r) => existsSync(r)).flatMap((r) => sources(r))) {
    const text = readFileSync(file, 'utf8')
    const { importedFiles } = ts.preProcessFile(text, true, true)
    const globbed = [...text.matchAll(GLOB)].flatMap((m) => expandGlob(file, m[1]))
    graph.set(file, [...new Set([...importedFiles.map((i) => resolveImport(file, i.fileName)).filter(Boolean), ...globbed])])
  }
  return graph
}

/** Every cycle, each reported once, as the files around it (Tarjan's strongly connected components). */
export function findCycles(graph) {
  let index = 0
  const stack = []
  const meta = new Map()
  const components = []
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true })
    index++
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!meta.has(w)) {
        visit(w)
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low)
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index)
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = []
      let w
      do {
        w = stack.pop()
        meta.get(w).onStack = false
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!meta.has(v)) visit(v)
  return components
}

/** The layers whose folders must not import each other in a loop (the tools' folders too: bench, replay). */
export const FOLDER_LAYERS = ['shared', 'core', 'board', 'client', 'daemon', 'ptyHost', 'cli', 'electron', 'tools']

/**
 * The folder a file belongs to for the folder check: `core/status` for src/core/status/**; a file
 * directly in a layer (`cli/cliEntry.ts`, an entry point) is a node of its own. Null outside the layers.
 */
export function folderOf(root, file, layers = FOLDER_LAYERS) {
  const agents = relative(agentFoldersOf(root), file).split(sep)
  if (agents.length > 1 && agents[0] !== '..') return `agents/${agents[0]}`
  const parts = relative(root, file).split(sep)
  if (!layers.includes(parts[0])) return null
  return parts.slice(0, 2).join('/')
}

/** The import graph between folders (folderOf): folder → the other folders its files import. */
export function folderGraph(graph, folder) {
  const folders = new Map()
  for (const [file, imports] of graph) {
    const from = folder(file)
    if (from === null) continue
    if (!folders.has(from)) folders.set(from, new Set())
    for (const imported of imports) {
      const to = folder(imported)
      if (to !== null && to !== from) folders.get(from).add(to)
    }
  }
  return new Map([...folders].map(([k, v]) => [k, [...v].sort()]))
}

/** Every folder-level cycle of the layers under `root` (each as its folders, sorted). */
export function findFolderCycles(root, graph = importGraph(root)) {
  return findCycles(folderGraph(graph, (file) => folderOf(root, file)))
}

/** The app's layers: what may ship. The developer tools (src/tools) sit outside and above them. */
export const APP_LAYERS = ['shared', 'core', 'board', 'client', 'daemon', 'ptyHost', 'cli', 'electron', 'preload', 'renderer']
export const TOOLS = 'tools'

/**
 * Every import from the app into src/tools, as `from → to` (relative to `root`). The tools drive
 * the app's real classes, so they import it; the other way would pull a tool into the package.
 * Test support (src/board/test, like the tests themselves, which the graph leaves out) ships
 * nothing and may use the replay tool to read the fixture recordings.
 */
export function appImportsOfTools(root, graph = importGraph(root)) {
  const top = (file) => relative(root, file).split(sep)
  const inApp = (file) => {
    const parts = top(file)
    return APP_LAYERS.includes(parts[0]) && !(parts[0] === 'board' && parts[1] === 'test')
  }
  const inTools = (file) => top(file)[0] === TOOLS
  return [...graph].flatMap(([file, imports]) => (inApp(file) ? imports.filter(inTools).map((to) => `${relative(root, file)} → ${relative(root, to)}`) : []))
}

/**
 * What each top folder of src may import besides itself: inward only. The processes — the daemon,
 * the pty host, the CLI, the Electron host (with its preload and renderer) — are each a folder
 * holding its entry and its own wiring; what two of them share lives below them: the board's
 * supervisor (src/board) or the one client library (src/client) that finds, starts and talks to the daemon.
 */
export const LAYER_IMPORTS = {
  shared: [],
  core: ['shared'],
  board: ['shared', 'core'],
  client: ['shared', 'core', 'board'],
  daemon: ['shared', 'core', 'board', 'client'],
  ptyHost: ['shared', 'core', 'board', 'client'],
  cli: ['shared', 'core', 'board', 'client'],
  electron: ['shared', 'core', 'board', 'client'],
  preload: ['shared'],
  renderer: ['shared', 'core'],
  tools: ['shared', 'core', 'board', 'client', 'daemon', 'ptyHost'],
}

/**
 * Every import of a file in one of src's top folders into a top folder LAYER_IMPORTS does not allow
 * it, as `from → to`. Test support (src/board/test) ships nothing and is left out, as the tests are.
 * A top folder missing from LAYER_IMPORTS is reported too: a new process's folder needs its line.
 */
export function importsAgainstLayers(root, graph = importGraph(root), allowed = LAYER_IMPORTS) {
  const top = (file) => relative(root, file).split(sep)
  return [...graph].flatMap(([file, imports]) => {
    const [from, sub] = top(file)
    if (from === '..' || top(file).length < 2 || (from === 'board' && sub === 'test')) return []
    if (!(from in allowed)) return [`${relative(root, file)}: src/${from} has no line in LAYER_IMPORTS`]
    return imports
      .filter((to) => {
        const [layer] = top(to)
        return layer !== '..' && layer !== from && !allowed[from].includes(layer)
      })
      .map((to) => `${relative(root, file)} → ${relative(root, to)}`)
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? 'src')
  const graph = importGraph(root)
  const cycles = findCycles(graph)
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(process.cwd(), f)).join(' ↔ ')}`)
  const folderCycles = findFolderCycles(root, graph)
  for (const cycle of folderCycles) console.error(`folder import cycle: ${cycle.join(' ↔ ')}`)
  const intoTools = appImportsOfTools(root, graph)
  for (const edge of intoTools) console.error(`the app imports a developer tool: ${edge} (move what both need into src/board, src/core or src/shared)`)
  const againstLayers = importsAgainstLayers(root, graph)
  for (const edge of againstLayers) console.error(`an import against the layers (scripts/importCycles.mjs LAYER_IMPORTS): ${edge}`)
  process.exit(cycles.length || folderCycles.length || intoTools.length || againstLayers.length ? 1 : 0)
}
