import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, realpathSync, statSync } from 'node:fs'
import { delimiter, dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where a Hermes install keeps its bundled plugins (`<package root>/plugins`, beside `hermes_cli/`),
 * found from the executable the pane will run, without starting Python (a launch must not wait on
 * an interpreter). Hermes itself honours HERMES_BUNDLED_PLUGINS first (Nix wrappers set it), then
 * `Path(hermes_cli/plugins.py).parent.parent / "plugins"` (0.19.0, hermes_cli/plugins.py).
 *
 * Layouts measured or read: pip/pipx/uv venvs (`<venv>/bin/hermes`, shebang `<venv>/bin/python`,
 * package in `<venv>/lib/python3.X/site-packages`), system pip (`dist-packages`), the official
 * installer's git checkout with an editable install (`<repo>/venv/bin/hermes`; the package is the
 * checkout, named by the dist-info's direct_url.json and found from the executable's folders too).
 */
export function hermesBundledPluginsDir(executable: string, env: Readonly<Record<string, string>>): string | null {
  const given = env.HERMES_BUNDLED_PLUGINS
  if (given && isDir(given)) return given
  const exe = resolveExecutable(executable, env)
  if (!exe) return null
  for (const root of packageRoots(exe)) {
    if (existsSync(join(root, 'hermes_cli', 'plugins.py')) && isDir(join(root, 'plugins'))) return join(root, 'plugins')
  }
  return null
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** The executable's real path: as given when it has a slash, else the first match on the pane's PATH. */
function resolveExecutable(executable: string, env: Readonly<Record<string, string>>): string | null {
  const candidates = executable.includes('/')
    ? [executable]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(isAbsolute)
        .map((d) => join(d, executable))
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return realpathSync(candidate)
    } catch {
      // Swallow: not there; try the next PATH entry.
    }
  }
  return null
}

/** The interpreter a `#!` line names, when it names one directly (not `/usr/bin/env python3`). */
function shebangInterpreter(file: string): string | null {
  const buf = Buffer.alloc(512)
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const n = readSync(fd, buf, 0, buf.length, 0)
    const first = buf.subarray(0, n).toString('utf8').split('\n')[0] ?? ''
    const interpreter = /^#!\s*(\S+)/.exec(first)?.[1]
    return interpreter && !/\/env$/.test(interpreter) ? interpreter : null
  } catch {
    return null
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** `<prefix>/lib/python3.*\/{site,dist}-packages` of an environment prefix. */
function sitePackages(prefix: string): string[] {
  const lib = join(prefix, 'lib')
  let names: string[]
  try {
    names = readdirSync(lib)
  } catch {
    return []
  }
  return names.filter((n) => /^python3\.\d+$/.test(n)).flatMap((n) => ['site-packages', 'dist-packages'].map((s) => join(lib, n, s)))
}

/** The checkout an editable install points at (PEP 610 direct_url.json of hermes_agent's dist-info). */
function editableRoots(site: string): string[] {
  let names: string[]
  try {
    names = readdirSync(site)
  } catch {
    return []
  }
  return names
    .filter((n) => /^hermes_agent-[^/]+\.dist-info$/.test(n))
    .flatMap((n) => {
      try {
        const url = (JSON.parse(readFileSync(join(site, n, 'direct_url.json'), 'utf8')) as { url?: unknown }).url
        return typeof url === 'string' && url.startsWith('file:') ? [fileURLToPath(url)] : []
      } catch {
        return []
      }
    })
}

/** Folders that may hold `hermes_cli/` and `plugins/`, most likely first. */
function packageRoots(exe: string): string[] {
  const prefixes: string[] = []
  const python = shebangInterpreter(exe)
  // A venv's bin/python is a link to the base interpreter: its prefix is the venv, so no realpath here.
  if (python) prefixes.push(dirname(dirname(python)))
  prefixes.push(dirname(dirname(exe)))
  const sites = prefixes.flatMap(sitePackages)
  const ancestors: string[] = []
  for (let dir = dirname(exe), i = 0; i < 4 && dir !== dirname(dir); i++, dir = dirname(dir)) ancestors.push(dir)
  return [...new Set([...sites, ...sites.flatMap(editableRoots), ...ancestors])]
}
