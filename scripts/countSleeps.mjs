#!/usr/bin/env node
// Counts the fixed sleeps in test code (issue 21: tests wait on events, not on time).
//
//   node scripts/countSleeps.mjs [--list]      (npm run sleeps [-- --list])
//
// Where: *.test.ts(x) anywhere, and every .ts/.tsx/.mjs/.cjs/.js file under e2e/ and test/
// (node_modules and Python venvs left out).
// What counts as a fixed sleep, one per call site:
//   - a promise resolved by a timer: `new Promise((r) => setTimeout(r, N))` (r, res, resolve,
//     done; the timer's callback is the resolver itself);
//   - a call of `sleep(N)` or `delay(N)` (not a method such as `time.sleep(` inside a program's
//     source or `pacer.delay(`, and not the helper's own definition);
//   - a call of a local helper that wraps such a timer (`const tick = () => new Promise((r) =>
//     setTimeout(r, 0))`: each `tick()` counts, the definition does not).
// Sorted into three kinds, printed per folder:
//   wait    — the test waits a fixed time for the code under test: the number to bring down;
//   poll    — the interval of a loop that re-checks a condition until a deadline (a waitFor
//             written out): it waits on the condition, the sleep only spaces the checks;
//   pacing  — a fake model server's stream or a scenario driving a real CLI as a user would
//             (test/agents/*/scenario.ts, test/agents/support/{sse,scenarioSteps,fake*}.ts), or a
//             recording replayed at its own pace (e2e/support/castHold.cjs): it emulates a model's,
//             a program's or a user's timing rather than waiting for the code under test.
// A timer that rejects or resolves a race on a deadline (`setTimeout(() => reject(…), ms)`) is a
// timeout, not a sleep, and is not counted.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const root = join(import.meta.dirname, '..')
const list = process.argv.includes('--list')

/** Files to read, relative to the repository root. */
function files() {
  const out = []
  const walk = (dir, all) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === '.venv' || name.startsWith('.')) continue
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path, all)
      else if (all ? /\.(tsx?|mts|mjs|cjs|js)$/.test(name) : /\.test\.tsx?$/.test(name)) out.push(relative(root, path).split(sep).join('/'))
    }
  }
  walk(join(root, 'src'), false)
  walk(join(root, 'e2e'), true)
  walk(join(root, 'test'), true)
  return out.sort()
}

const PACING = /^(test\/agents\/([^/]+\/scenario\.ts|support\/(sse|scenarioSteps|fake[A-Za-z]*)\.ts)|e2e\/support\/castHold\.cjs)$/
const TIMER_SLEEP = /new Promise.*setTimeout\(\s*(r|res|resolve|done)\s*,/
const NAMED_SLEEP = /(?<![.\w])(sleep|delay)\(/
const DEFINITION = /(?:const|let|function)\s+(\w+)\b/

/**
 * The kind of the sleep on line i: poll when a loop statement encloses it (its header within 12
 * lines above, still open at the sleep) that checks a deadline and ends on a condition (a return,
 * throw or break in it, or a condition beside the time in its header). A loop that only runs for a
 * while (a load generator's) is a wait.
 */
function kindAt(path, lines, i) {
  if (PACING.test(path)) return 'pacing'
  for (let j = i; j >= Math.max(0, i - 12); j--) {
    if (!/^\s*(for|while)\s*\(/.test(lines[j])) continue
    const body = lines.slice(j, i + 1).join('\n')
    const open = (body.match(/\{/g) ?? []).length - (body.match(/\}/g) ?? []).length
    const untilCondition = /\b(return|throw|break)\b/.test(body) || /&&|\(\s*!|\(\s*;\s*;/.test(lines[j])
    if ((j === i || open > 0) && untilCondition && /deadline|Date\.now\(\)|performance\.now\(\)/.test(body)) return 'poll'
  }
  return 'wait'
}

function sleepsIn(path) {
  const lines = readFileSync(join(root, path), 'utf8').split('\n')
  const found = []
  const helpers = new Set()
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '')
    if (TIMER_SLEEP.test(code)) {
      // A one-line helper (`const tick = () => new Promise((r) => setTimeout(r, 0))`): its calls count, not it.
      const def = code.match(DEFINITION)
      if (def && /=>|function/.test(code) && code.indexOf(def[0]) < code.indexOf('setTimeout')) {
        if (!['sleep', 'delay'].includes(def[1])) helpers.add(def[1])
        return
      }
      found.push({ line: i + 1, text: line.trim(), kind: kindAt(path, lines, i) })
      return
    }
    if (NAMED_SLEEP.test(code) && !/(?:const|let|function)\s+(sleep|delay)\b/.test(code) && !/import\b/.test(code)) {
      found.push({ line: i + 1, text: line.trim(), kind: kindAt(path, lines, i) })
    }
  })
  for (const name of helpers) {
    const call = new RegExp(`(?<![.\\w])${name}\\(`)
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '')
      if (call.test(code) && !new RegExp(`(?:const|let|function)\\s+${name}\\b`).test(code))
        found.push({ line: i + 1, text: line.trim(), kind: kindAt(path, lines, i) })
    })
  }
  return found.sort((a, b) => a.line - b.line)
}

/** The folder a file is counted under: its top folder, and the next one for src/ and test/ (src/board, test/agents). */
function folderOf(path) {
  const parts = path.split('/')
  if (parts[0] === 'e2e') return 'e2e'
  return parts.slice(0, Math.min(parts.length - 1, 3)).join('/')
}

const byFolder = new Map()
const totals = { wait: 0, poll: 0, pacing: 0 }
for (const path of files()) {
  const found = sleepsIn(path)
  if (!found.length) continue
  const folder = folderOf(path)
  const row = byFolder.get(folder) ?? { wait: 0, poll: 0, pacing: 0 }
  for (const s of found) {
    row[s.kind]++
    totals[s.kind]++
    if (list) console.log(`${s.kind.padEnd(6)} ${path}:${s.line}  ${s.text.slice(0, 120)}`)
  }
  byFolder.set(folder, row)
}
if (list) console.log('')
console.log('fixed sleeps in test code (wait: on the code under test; poll: a deadline loop’s interval; pacing: a fake model’s or scripted user’s timing)')
console.log(`${'folder'.padEnd(28)} ${'wait'.padStart(5)} ${'poll'.padStart(5)} ${'pacing'.padStart(7)}`)
for (const [folder, row] of [...byFolder].sort((a, b) => b[1].wait - a[1].wait || a[0].localeCompare(b[0])))
  console.log(`${folder.padEnd(28)} ${String(row.wait).padStart(5)} ${String(row.poll).padStart(5)} ${String(row.pacing).padStart(7)}`)
console.log(`${'total'.padEnd(28)} ${String(totals.wait).padStart(5)} ${String(totals.poll).padStart(5)} ${String(totals.pacing).padStart(7)}`)
console.log(
  'pacing is counted apart: test/agents/*/scenario.ts, support/{sse,scenarioSteps,fake*}.ts and e2e/support/castHold.cjs emulate a model streaming, a program replayed or a user at the keys; they do not wait for the code under test.',
)
