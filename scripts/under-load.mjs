#!/usr/bin/env node
// Runs a command beside CPU-bound loops, the way the suite must hold on a busy machine:
//
//   node scripts/under-load.mjs [--hogs 2] [--minutes 90] [--times 1] -- npx vitest run --project agents
//   npm run under-load -- npm test
//
// Each hog is a child process spinning on one core; they start before the command and end with
// it (by their own pids: nothing else is touched), or by themselves once --minutes pass, so a
// killed runner cannot leave them spinning. --times N runs the command N times in a row and
// stops at the first failure. Exits with the command's exit code, after one line per run:
// `under-load: run 1/3 exit 0 in 612 s beside 2 CPU-bound loops (load 1m 4.12 → 3.98)`.
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'

// `npm run under-load -- CMD` reaches here without its `--` (npm takes it): then the command starts
// at the first argument that is not one of ours.
const argv = process.argv.slice(2)
let dash = argv.indexOf('--')
if (dash < 0) {
  let i = 0
  while (i < argv.length && /^--(hogs|minutes|times)(=|$)/.test(argv[i])) i += argv[i].includes('=') ? 1 : 2
  argv.splice(Math.min(i, argv.length), 0, '--')
  dash = Math.min(i, argv.length - 1)
}
const { values } = parseArgs({
  args: argv.slice(0, dash),
  options: { hogs: { type: 'string', default: '2' }, minutes: { type: 'string', default: '90' }, times: { type: 'string', default: '1' } },
  strict: true,
})
const command = argv.slice(dash + 1)
const hogCount = Number(values.hogs)
const minutes = Number(values.minutes)
const times = Number(values.times)
if (!command.length || !Number.isInteger(hogCount) || hogCount < 0 || !(minutes > 0) || !Number.isInteger(times) || times < 1) {
  process.stderr.write('usage: node scripts/under-load.mjs [--hogs N] [--minutes M] [--times N] -- COMMAND [ARGS…]\n')
  process.exit(2)
}

// A loop that spins until its deadline: bounded in time even if this script is killed.
const spin = `const end = Date.now() + ${Math.round(minutes * 60_000)}; while (Date.now() < end) { for (let i = 0; i < 1e6; i++); }`
const hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }))
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL')
}
process.on('exit', stopHogs)
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => (stopHogs(), process.exit(130)))

const load = () => loadavg()[0].toFixed(2)
let code = 0
for (let run = 1; run <= times && code === 0; run++) {
  const started = Date.now()
  const before = load()
  code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit' })
    child.on('error', (err) => (process.stderr.write(`under-load: ${command[0]}: ${err.message}\n`), resolve(127)))
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 128 : 1)))
  })
  const secs = Math.round((Date.now() - started) / 1000)
  process.stdout.write(
    `under-load: run ${run}/${times} exit ${code} in ${secs} s beside ${hogCount} CPU-bound loop${hogCount === 1 ? '' : 's'} (load 1m ${before} → ${load()})\n`,
  )
}
stopHogs()
process.exit(code)
