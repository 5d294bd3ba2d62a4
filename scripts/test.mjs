#!/usr/bin/env node
// The whole suite: build, typecheck, lint (eslint, prettier, electronegativity), then every vitest project (unit, integration, e2e).
// Ends with one plain line, `N passed, N failed, N skipped`, which CI reads. Only tests are counted as
// passed; a failed build, typecheck or lint step counts as one failure, so it can never pass silently.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'

const results = '.vitest-results.json'
let passed = 0
let failed = 0
let skipped = 0

function step(name, cmd, args) {
  process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n`)
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  if (r.status !== 0) {
    failed++
    process.stdout.write(`== ${name} FAILED (exit ${r.status ?? r.signal})\n`)
  }
  return r.status === 0
}

const built = step('build', 'npx', ['electron-vite', 'build'])
step('typecheck', 'npm', ['run', '--silent', 'typecheck'])
step('lint', 'npx', ['eslint', '.'])
// One formatter (Prettier, .prettierrc.json): `npm run format` writes what this checks.
step('format', 'npx', ['prettier', '--check', '.'])
// The Electron side without its binary: Doyensec's checks, offline; a finding not justified fails it.
step('electronegativity', 'node', ['scripts/electronegativity.cjs'])

if (built) {
  rmSync(results, { force: true })
  const extra = process.argv.slice(2)
  const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}`, ...extra], { stdio: 'inherit' })
  try {
    const json = JSON.parse(readFileSync(results, 'utf8'))
    passed += json.numPassedTests
    failed += json.numFailedTests
    skipped += json.numPendingTests + (json.numTodoTests ?? 0)
    // A file that failed to load has no tests to count; count it so it cannot pass silently.
    for (const file of json.testResults ?? []) {
      if (file.status === 'failed' && file.assertionResults.length === 0) failed++
      for (const t of file.assertionResults) if (t.status === 'skipped' || t.status === 'pending') process.stdout.write(`== skipped: ${t.fullName}\n`)
    }
  } catch {
    failed++
    process.stdout.write('== vitest produced no results file\n')
  }
  if (r.status !== 0 && failed === 0) failed++
}

process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`)
process.exit(failed ? 1 : 0)
