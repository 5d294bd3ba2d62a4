#!/usr/bin/env node
// `npm run agents:check`: the day an agent ships, install its newest release into a scratch prefix
// (never test/agents, which CI keeps pinned; a PyPI agent into a venv of its own there), run the
// real-CLI scenarios at several sizes through the test/agents harness, record each run, score the
// board's live verdicts against the scenario's own ground truth, print a table and exit 1 when a
// supported agent regressed.
//
//   npm run agents:check                                  # every agent, newest releases, 120x32, 80x24, 60x20
//   npm run agents:check -- --agent codex,pi --sizes 80x24
//   npm run agents:check -- --agent claude --modes auto,plan --version 2.1.332
//   npm run agents:check -- --budget 10                   # no run starts after 10 minutes
//   npm run agents:check -- --prefix /tmp/agents          # default: $XDG_CACHE_HOME/switchboard-agents
//
// Exit: 0 all ok; 1 a supported agent regressed (or the check could not run); 2 nothing regressed
// but runs were left out by the budget.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { parse as parseToml } from 'smol-toml'

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)))

/**
 * Every shipped agent, from its folder (resources/agents/<id>/agent.toml): its npm package
 * (`[version] npm`) or PyPI distribution (`[version] pypi`, installed into a venv of its own) and
 * the CLI its command runs. Each has a scenario in test/agents/<id>/scenario.ts
 * (src/board/agents/agentFolders.test.ts checks it). Agents with neither are listed as not checked.
 */
const FOLDERS = join(REPO, 'resources', 'agents')
const AGENTS = readdirSync(FOLDERS, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(FOLDERS, d.name, 'agent.toml')))
  .map((d) => {
    const manifest = parseToml(readFileSync(join(FOLDERS, d.name, 'agent.toml'), 'utf8'))
    return { agent: manifest.id, pkg: manifest.version?.npm ?? manifest.version?.pypi ?? null, pypi: Boolean(manifest.version?.pypi), bin: manifest.command[0] }
  })
  .sort((a, b) => a.agent.localeCompare(b.agent))
// The scenario modes of agents that have several (Claude's permission modes and scenes, test/agents/claude/scenario.ts;
// Codex's and OpenCode's default and work); an agent runs those named here of its own, or all of them when none is.
const MODES = ['default', 'manual', 'auto', 'auto-local', 'plan', 'trust', 'questions', 'work']
// Install scripts the agents need (npm 11 runs none unless allowed): the ones test/agents pins them with.
const ALLOW_SCRIPTS = JSON.parse(readFileSync(join(REPO, 'test', 'agents', 'package.json'), 'utf8')).allowScripts ?? {}

function usage(message) {
  process.stderr.write(
    `agents:check: ${message}\nusage: npm run agents:check -- [--agent ${AGENTS.map((a) => a.agent).join(',')}] [--sizes 120x32,80x24,60x20] [--modes ${MODES.join(',')}] [--version V (one agent)] [--budget MINUTES] [--prefix DIR] [--record DIR]\n`,
  )
  process.exit(1)
}

let opts
try {
  opts = parseArgs({
    options: {
      agent: { type: 'string', default: AGENTS.map((a) => a.agent).join(',') },
      sizes: { type: 'string', default: '120x32,80x24,60x20' },
      size: { type: 'string' },
      modes: { type: 'string', default: MODES.join(',') },
      prefix: { type: 'string', default: join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'switchboard-agents') },
      version: { type: 'string' },
      budget: { type: 'string', default: '45' },
      record: { type: 'string' },
    },
  }).values
} catch (error) {
  usage(error.message)
}

const list = (s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
const agents = list(opts.agent).map((name) => AGENTS.find((a) => a.agent === name) ?? usage(`unknown agent "${name}"`))
const sizes = list(opts.size ?? opts.sizes)
for (const s of sizes) if (!/^\d+x\d+$/.test(s)) usage(`size "${s}" is not COLSxROWS`)
const modes = list(opts.modes)
for (const m of modes) if (!MODES.includes(m)) usage(`unknown mode "${m}" (${MODES.join(', ')})`)
if (opts.version && agents.length !== 1) usage('--version needs exactly one --agent')
const budgetMin = Number(opts.budget)
if (!(budgetMin > 0)) usage(`--budget "${opts.budget}" is not a number of minutes`)
const startedAt = Date.now()

const PYTHON = process.env.PYTHON || 'python3'

/** The newest release: `npm view`, or for PyPI `pip index versions` ("hermes-agent (0.19.0)"). */
function latest(a) {
  if (!a.pypi) return execFileSync('npm', ['view', a.pkg, 'version'], { encoding: 'utf8' }).trim()
  const out = execFileSync(PYTHON, ['-m', 'pip', 'index', 'versions', a.pkg, '--disable-pip-version-check'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const version = new RegExp(`^${a.pkg}\\s+\\((\\S+)\\)`, 'm').exec(out)?.[1]
  if (!version) throw new Error(`pip index versions ${a.pkg} printed no version: ${out.trim()}`)
  return version
}

/** A PyPI agent into its own venv: `<dir>/.venv`, the release and the dependencies it names. */
function pipInstall(a, version, dir) {
  const bin = join(dir, '.venv', 'bin', a.bin)
  if (existsSync(bin)) return bin
  process.stdout.write(`installing ${a.pkg}==${version} into ${dir}/.venv\n`)
  for (const [cmd, args] of [
    [PYTHON, ['-m', 'venv', join(dir, '.venv')]],
    [join(dir, '.venv', 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', `${a.pkg}==${version}`]],
  ]) {
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed; remove ${dir} and try again`)
  }
  return bin
}

/** `<prefix>/<pkg>@<version>`, installed once; returns the CLI's path. */
function install(a, version) {
  const dir = join(opts.prefix, `${a.pkg.replace('/', '+')}@${version}`)
  if (a.pypi) return pipInstall(a, version, dir)
  const bin = join(dir, 'node_modules', '.bin', a.bin)
  if (existsSync(bin)) return bin
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'switchboard-agents-check', private: true, allowScripts: ALLOW_SCRIPTS }, null, 2))
  process.stdout.write(`installing ${a.pkg}@${version} into ${dir}\n`)
  const r = spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `${a.pkg}@${version}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`npm install of ${a.pkg}@${version} into ${dir} failed; remove that folder and try again`)
  return bin
}

const record = resolve(opts.record ?? mkdtempSync(join(tmpdir(), 'sb-agents-check-')))
mkdirSync(record, { recursive: true })
const planned = []
const problems = []
for (const a of agents) {
  if (!a.pkg) {
    problems.push(`${a.agent}: its agent.toml names no package ([version] npm or pypi); install it by hand and pass --version`)
    continue
  }
  try {
    const version = opts.version ?? latest(a)
    planned.push({ agent: a.agent, version, bin: install(a, version) })
  } catch (error) {
    problems.push(`${a.agent}: ${error.message.split('\n')[0]}`)
  }
}

let result = { rows: [], table: '', exitCode: 1 }
if (planned.length) {
  const plan = join(record, 'plan.json')
  const out = join(record, 'results.json')
  writeFileSync(plan, JSON.stringify({ agents: planned, sizes, modes, record, deadline: startedAt + budgetMin * 60_000 }, null, 2))
  const runs = planned.reduce((n, a) => n + sizes.length * (a.agent === 'claude' ? modes.length : 1), 0) // Claude's modes; the check itself reads each agent's
  process.stdout.write(
    `running ${runs} scenario runs (${planned.map((a) => `${a.agent} ${a.version}`).join(', ')}; ${sizes.join(', ')}), one at a time, none started after ${budgetMin} min\n`,
  )
  // The vitest reporter's progress on stderr; its stdout (the CLIs' noise) is dropped.
  spawnSync('npx', ['vitest', 'run', '-c', 'vitest.check.config.mts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, AGENTS_CHECK_PLAN: plan, AGENTS_CHECK_JSON: out },
  })
  if (existsSync(out)) result = JSON.parse(readFileSync(out, 'utf8'))
  else problems.push(`the scenario runs wrote no results (${out}): see vitest's output above`)
}

process.stdout.write(`\n${result.table}\n\n`)
for (const p of problems) process.stdout.write(`not checked: ${p}\n`)
process.stdout.write(`recordings: ${record}\ntook ${Math.round((Date.now() - startedAt) / 60_000)} min\n`)
process.exit(problems.length ? 1 : result.exitCode)
