#!/usr/bin/env node
// `npm run agents:check`: the day an agent ships, install its newest release into a scratch prefix
// (never test/agents, which CI keeps pinned), run the real-CLI scenarios at several sizes through
// the test/agents harness, record each run, score the board's live verdicts against the
// scenario's own ground truth, print a table and exit 1 when a supported agent regressed.
//
//   npm run agents:check                          # newest releases, 120x32, 80x24 and 60x20
//   npm run agents:check -- --sizes 120x32 --modes auto,plan --version 2.1.332
//   npm run agents:check -- --prefix /tmp/agents  # default: $XDG_CACHE_HOME/switchboard-agents
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const { values: opts } = parseArgs({
  options: {
    sizes: { type: 'string', default: '120x32,80x24,60x20' },
    modes: { type: 'string', default: 'manual,auto,auto-local,plan' },
    prefix: { type: 'string', default: join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'switchboard-agents') },
    version: { type: 'string' },
    record: { type: 'string' },
  },
})

/**
 * Every supported agent: its npm package and whether a scenario drives it here yet. Codex,
 * OpenCode and Pi have real-CLI tests (test/agents/<agent>) but no shared scenario module: they are
 * listed with their newest version, marked "not checked" instead of passing silently (and not
 * installed: nothing would run them).
 */
const AGENTS = [
  { agent: 'claude', pkg: '@anthropic-ai/claude-code', bin: 'claude', scenario: true },
  { agent: 'codex', pkg: '@openai/codex', bin: 'codex', scenario: false },
  { agent: 'opencode', pkg: 'opencode-ai', bin: 'opencode', scenario: false },
  { agent: 'pi', pkg: '@mariozechner/pi-coding-agent', bin: 'pi', scenario: false },
]
const ALLOW_SCRIPTS = { '@anthropic-ai/claude-code': true, 'opencode-ai': true, koffi: true, protobufjs: false, '@google/genai': false }

const latest = (pkg) => execFileSync('npm', ['view', pkg, 'version'], { encoding: 'utf8' }).trim()

/** `<prefix>/<pkg>@<version>`, installed once; returns the CLI's path. */
function install(a, version) {
  const dir = join(opts.prefix, `${a.pkg.replace('/', '+')}@${version}`)
  const bin = join(dir, 'node_modules', '.bin', a.bin)
  if (existsSync(bin)) return bin
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'switchboard-agents-check', private: true, allowScripts: ALLOW_SCRIPTS }, null, 2))
  process.stdout.write(`installing ${a.pkg}@${version} into ${dir}\n`)
  const r = spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--save-exact', `${a.pkg}@${version}`], { stdio: 'inherit' })
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`npm install of ${a.pkg}@${version} into ${dir} failed; remove that folder and try again`)
  return bin
}

const rows = []
const record = resolve(opts.record ?? mkdtempSync(join(tmpdir(), 'sb-agents-check-')))
for (const a of AGENTS) {
  const version = a.agent === 'claude' && opts.version ? opts.version : latest(a.pkg)
  if (!a.scenario) {
    rows.push({ agent: a.agent, version, scenario: '(no shared scenario yet)', size: '-', agreement: null, episodes: 0, missed: 0, falseEpisodes: 0, medianLatencyMs: null, failures: [], unchecked: true })
    continue
  }
  const bin = install(a, version)
  const out = join(record, `${a.agent}.json`)
  const env = {
    ...process.env,
    AGENTS_CHECK_JSON: out,
    AGENTS_CHECK_CLAUDE_BIN: bin,
    AGENTS_CHECK_CLAUDE_VERSION: version,
    AGENTS_CHECK_SIZES: opts.sizes,
    AGENTS_CHECK_CLAUDE_MODES: opts.modes,
    AGENTS_CHECK_RECORD: record,
  }
  spawnSync('npx', ['vitest', 'run', '-c', 'vitest.check.config.mts'], { stdio: ['ignore', 'ignore', 'inherit'], env })
  if (!existsSync(out)) rows.push({ agent: a.agent, version, scenario: '(scenario run failed to start)', size: '-', agreement: null, episodes: 0, missed: 0, falseEpisodes: 0, medianLatencyMs: null, failures: ['no results'] })
  else rows.push(...JSON.parse(readFileSync(out, 'utf8')))
}

const pct = (x) => (x === null ? 'n/a' : `${(x * 100).toFixed(2)} %`)
const head = ['agent', 'version', 'scenario', 'size', 'agreement', 'missed', 'false', 'latency', '']
const cells = rows.map((r) => [
  r.agent,
  r.version,
  r.scenario,
  r.size,
  pct(r.agreement),
  r.unchecked ? '-' : `${r.missed}/${r.episodes}`,
  r.unchecked ? '-' : String(r.falseEpisodes),
  r.medianLatencyMs === null ? 'n/a' : `${r.medianLatencyMs} ms`,
  r.unchecked ? 'not checked' : r.failures.length ? 'REGRESSED' : 'ok',
])
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)))
const fmt = (c) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd()
process.stdout.write(`\n${[fmt(head), fmt(widths.map((w) => '-'.repeat(w))), ...cells.map(fmt)].join('\n')}\n\n`)
for (const r of rows) for (const f of r.failures) process.stdout.write(`${r.agent} ${r.version} ${r.scenario} ${r.size}: ${f}\n`)
process.stdout.write(`recordings: ${record}\n`)
process.exit(rows.some((r) => !r.unchecked && r.failures.length) ? 1 : 0)
