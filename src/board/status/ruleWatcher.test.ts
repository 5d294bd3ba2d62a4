import { mkdirSync, mkdtempSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { realClock } from '../util/clock'
import type { Clock } from '../../core/lifecycle/clock'
import { formatRuleFileError, isFatal, type RuleFileError } from './ruleFile'
import { RuleRegistry, findUserRulesDir } from './ruleRegistry'
import { RuleWatcher, type WatchFn } from './ruleWatcher'

/** Polls until `check` holds, failing after `ms`: as long as the file system needs, no longer. */
async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const rule = (id: string, state: string, priority: number, match: string) => [
  '[[rule]]',
  `id = "${id}"`,
  `state = "${state}"`,
  `priority = ${priority}`,
  'region = "screen"',
  `match = { contains = "${match}" }`,
  '',
]
const SHIPPED = [
  'agent = "claude"',
  'verified_on = "2.1.197"',
  '',
  ...rule('claude.working', 'working', 50, 'esc to interrupt'),
  ...rule('claude.idle', 'idle', 10, '? for shortcuts'),
]

let root: string
let shipped: string
let overrides: string
let open: number
let reloads: number
let registry: RuleRegistry
let watcher: RuleWatcher
const lines: string[] = []

/** The real clock, its pending timers counted: a reload still waiting out its debounce is one. */
let pendingTimers = 0
const countingClock: Clock = {
  now: () => realClock.now(),
  setTimeout: (fn, ms) => {
    pendingTimers++
    let done = false
    const end = () => void (done || ((done = true), pendingTimers--))
    const timer = realClock.setTimeout(() => (end(), fn()), ms)
    return { dispose: () => (end(), timer.dispose()) }
  },
}

/** fs.watch, counted: every watcher the RuleWatcher opens must be closed by dispose. */
const countingWatch: WatchFn = (path, options, listener) => {
  const w = watch(path, options, listener)
  open++
  const close = w.close.bind(w)
  w.close = () => (open--, close())
  return w
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'switchboard-watch-'))
  shipped = join(root, 'resources', 'agents')
  mkdirSync(join(shipped, 'claude'), { recursive: true })
  writeFileSync(join(shipped, 'claude', 'rules.toml'), SHIPPED.join('\n'))
  // Where a user's overrides go on Linux (SWITCHBOARD_CONFIG_DIR, as the tests set it), not created yet.
  overrides = findUserRulesDir({ SWITCHBOARD_CONFIG_DIR: join(root, 'config', 'switchboard') })
  open = 0
  pendingTimers = 0
  reloads = 0
  lines.length = 0
  registry = RuleRegistry.loadStrict(shipped, overrides)
  watcher = new RuleWatcher({
    dirs: registry.dirs,
    reload: () => (reloads++, registry.reload()),
    clock: countingClock,
    debounceMs: 20,
    watch: countingWatch,
    log: (line) => lines.push(line),
  })
})
afterEach(() => {
  watcher.dispose()
  rmSync(root, { recursive: true, force: true })
})

const ids = () => registry.rules('claude').map((r) => r.id)
const overrideFile = (extra: readonly string[]) => ['agent = "claude"', '', ...extra].join('\n')

describe('RuleWatcher', () => {
  it('reloads on a good file, keeps the rules in force on a broken one with file, line and rule, and takes the fix', async () => {
    expect(ids()).toEqual(['claude.working', 'claude.idle'])
    const reloaded: (readonly RuleFileError[])[] = []
    watcher.onDidReload((r) => reloaded.push(r.problems))

    // The override dir does not exist yet: creating it (and a file in it) is noticed.
    mkdirSync(overrides, { recursive: true })
    writeFileSync(join(overrides, 'claude.toml'), overrideFile(rule('claude.plan-mode', 'idle', 30, 'plan mode on')))
    await until(() => ids().includes('claude.plan-mode'), 'the new override to load')
    expect(ids()).toEqual(['claude.working', 'claude.plan-mode', 'claude.idle'])
    await until(() => reloaded.length > 0 && reloaded.at(-1)!.length === 0, 'a clean reload event')

    // Broken: a misspelt key in the second rule. The rules in force do not change.
    const broken = overrideFile([
      ...rule('claude.plan-mode', 'idle', 30, 'plan mode on'),
      ...rule('claude.menu', 'idle', 5, 'Select model').map((l) => l.replace('region =', 'regoin =')),
    ])
    writeFileSync(join(overrides, 'claude.toml'), broken)
    await until(() => watcher.problems.some(isFatal), 'the broken file to be reported')
    // The rule's line for the missing key, the misspelt key's own line for the unknown one.
    expect(watcher.problems.map(formatRuleFileError)).toEqual([
      `${join(overrides, 'claude.toml')}:10: rule claude.menu: region: Invalid input: expected string, received undefined`,
      `${join(overrides, 'claude.toml')}:14: rule claude.menu: rule: Unrecognized key: "regoin"`,
    ])
    expect(ids()).toEqual(['claude.working', 'claude.plan-mode', 'claude.idle'])
    expect(lines.some((l) => l.startsWith('rules reloaded with 2 error(s): '))).toBe(true)

    // Fixed with an editor's atomic save: write a temporary file, rename it over the old one.
    const temp = join(overrides, '.claude.toml.swp')
    writeFileSync(temp, overrideFile([...rule('claude.plan-mode', 'idle', 30, 'plan mode on'), ...rule('claude.menu', 'idle', 5, 'Select model')]))
    renameSync(temp, join(overrides, 'claude.toml'))
    await until(() => ids().includes('claude.menu'), 'the fixed file to load')
    expect(ids()).toEqual(['claude.working', 'claude.plan-mode', 'claude.idle', 'claude.menu'])
    await until(() => watcher.problems.length === 0, 'the problems to clear')
  })

  it('follows the shipped dir, and an override dir deleted and created again', async () => {
    writeFileSync(join(shipped, 'claude', 'rules.toml'), [...SHIPPED, ...rule('claude.goodbye', 'exited', 90, 'Goodbye!')].join('\n'))
    await until(() => ids().includes('claude.goodbye'), 'the shipped edit to load')

    mkdirSync(overrides, { recursive: true })
    writeFileSync(join(overrides, 'claude.toml'), overrideFile(['disable = ["claude.goodbye"]']))
    await until(() => !ids().includes('claude.goodbye'), 'the override to disable a rule')

    rmSync(join(root, 'config'), { recursive: true })
    await until(() => ids().includes('claude.goodbye'), 'the shipped rules after the override dir went away')
    mkdirSync(overrides, { recursive: true })
    writeFileSync(join(overrides, 'claude.toml'), overrideFile(['disable = ["claude.idle"]']))
    await until(() => !ids().includes('claude.idle'), 'the recreated override dir to be watched')
  })

  it('coalesces a burst of writes into one reload', async () => {
    mkdirSync(overrides, { recursive: true })
    await until(() => reloads >= 1, 'the reload for the new dir')
    // Let that burst settle (no reload waiting out its debounce) so only the writes below are counted.
    await until(() => pendingTimers === 0, 'the reload for the new dir to be done')
    const before = reloads
    for (let i = 0; i < 5; i++) writeFileSync(join(overrides, 'claude.toml'), overrideFile(rule(`claude.r${i}`, 'idle', 1, `x${i}`)))
    await until(() => ids().includes('claude.r4'), 'the last write to load')
    expect(reloads - before).toBe(1)
  })

  it('leaves nothing running after dispose', async () => {
    expect(open).toBe(1 + 1)
    mkdirSync(overrides, { recursive: true })
    writeFileSync(join(overrides, 'claude.toml'), overrideFile(['disable = ["claude.idle"]']))
    watcher.dispose()
    expect(open).toBe(0)
    // No watcher open (above) and no reload waiting out its debounce: nothing can reload any more.
    expect(pendingTimers).toBe(0)
  })
})
