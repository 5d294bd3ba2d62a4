#!/usr/bin/env node
/* global process, console */
// Installs the pinned Hermes Agent (a Python package on PyPI) into test/agents/hermes/.venv, the
// way the npm agents are installed into test/agents/node_modules: `npm install --prefix
// test/agents` runs this as its postinstall, and CI runs that. Idempotent and fast when the venv
// already holds exactly requirements.txt (a stamp of its hash); otherwise the venv is rebuilt
// from scratch (python3 -m venv, pip install -r), about 90 s on a loaded 2-core machine.
//
//   node test/agents/hermes/install.mjs            # PYTHON=/path/to/python3.11 to choose the interpreter
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const venv = join(here, '.venv')
const requirements = join(here, 'requirements.txt')
const stamp = join(venv, '.switchboard-requirements.sha256')
const hermes = join(venv, 'bin', 'hermes')
const python = process.env.PYTHON || 'python3'

const fail = (message) => {
  console.error(`hermes install: ${message}`)
  process.exit(1)
}
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
  if (r.error) fail(`${cmd} could not start (${r.error.message})`)
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} exited with ${r.status}`)
}

const wanted = readFileSync(requirements, 'utf8')
const version = /^hermes-agent==(\S+)/m.exec(wanted)?.[1] ?? fail(`${requirements} pins no hermes-agent==VERSION`)
const hash = createHash('sha256').update(wanted).digest('hex')
if (existsSync(hermes) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
  console.log(`hermes-agent ${version} already installed in ${venv}`)
  process.exit(0)
}

// hermes-agent 0.19.0 declares Requires-Python >=3.11,<3.14.
const probe = spawnSync(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' })
if (probe.error || probe.status !== 0) fail(`${python} is not a working Python (set PYTHON=/path/to/python3.11)`)
const [major, minor] = probe.stdout.trim().split('.').map(Number)
if (major !== 3 || minor < 11 || minor > 13) fail(`${python} is Python ${probe.stdout.trim()}; hermes-agent ${version} needs 3.11–3.13 (set PYTHON=…)`)

const started = Date.now()
console.log(`installing hermes-agent ${version} into ${venv} (Python ${probe.stdout.trim()})`)
rmSync(venv, { recursive: true, force: true })
run(python, ['-m', 'venv', venv])
run(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-input', '--require-virtualenv', '-r', requirements])
// Not `hermes --version`: it asks PyPI whether an update exists and writes $HERMES_HOME/.update_check.
const check = spawnSync(join(venv, 'bin', 'python'), ['-c', 'import importlib.metadata as m; print(m.version("hermes-agent"))'], { encoding: 'utf8' })
if (check.status !== 0 || check.stdout.trim() !== version || !existsSync(hermes))
  fail(`the venv holds hermes-agent ${check.stdout.trim() || '(none)'}, not ${version}: ${check.stderr}`)
writeFileSync(stamp, `${hash}\n`)
console.log(`hermes-agent ${version} installed in ${Math.round((Date.now() - started) / 1000)} s`)
