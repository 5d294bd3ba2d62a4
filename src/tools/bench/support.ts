import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import xtermHeadless from '@xterm/headless'
import { BoardConstants } from '../../board/panes/boardOptions'
import { MirrorConstants } from '../../board/screen/headlessMirror'
import { Board } from '../../board/panes/board'
import type { Pane } from '../../board/panes/pane'
import { realClock } from '../../board/util/clock'
import { silentLogger } from '../../board/util/log'
import type { PaneState } from '../../shared/domain/pane'
import type { MirrorThreads } from '../../board/screen/paneMirror'

/** An interactive bash that reads no startup files: the "quiet pane" of every scenario. */
export const QUIET_SHELL = ['bash', '--norc', '--noprofile', '-i']

/** The environment bench panes get: minimal, UTF-8, and no history file written on exit. */
export function benchEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: process.env.HOME, SHELL: '/bin/bash', LANG: 'C.UTF-8', HISTFILE: '', ...extra }
}

/** A bare @xterm/headless terminal as a pane's mirror has it (size, scrollback, no logging): the baselines' terminal. */
export function bareHeadless(): InstanceType<typeof xtermHeadless.Terminal> {
  return new xtermHeadless.Terminal({
    cols: BoardConstants.DefaultCols,
    rows: BoardConstants.DefaultRows,
    scrollback: MirrorConstants.Scrollback,
    allowProposedApi: true,
    logLevel: 'off',
  })
}

export function benchBoard(): Board {
  return new Board({
    clock: realClock,
    log: silentLogger,
    baseEnv: benchEnv(),
    defaultCwd: tmpdir(),
    userAgentsDir: null,
    userRulesDir: null,
    watchRules: false,
  })
}

/** Cleanups run at the end, on failure and on Ctrl-C, newest first, each at most once. */
const cleanups: (() => void | Promise<void>)[] = []

export function onCleanup(fn: () => void | Promise<void>): () => Promise<void> {
  let done = false
  const once = async () => {
    if (done) return
    done = true
    await fn()
  }
  cleanups.push(once)
  return once
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()?.()
    } catch (err) {
      process.stderr.write(`bench: cleanup failed: ${String(err)}\n`)
    }
  }
}

/** A private temp folder, removed by the cleanups. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `switchboard-bench-${prefix}-`))
  onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

export function waitForStates(panes: readonly Pane[], state: PaneState, timeoutMs?: number): Promise<void> {
  return waitFor(() => panes.every((p) => p.verdict.state === state), `${panes.length} panes to be ${state}`, timeoutMs)
}

export interface Gc {
  readonly how: string
  /** Several full collections with turns of the event loop between them (finalizers, weak refs). */
  collect(): Promise<void>
}

/** A way to force GC: `--expose-gc` when given, else V8's flag set at run time (best effort). */
export function findGc(): Gc | null {
  let fn = (globalThis as { gc?: () => void }).gc
  let how = 'node --expose-gc'
  if (typeof fn !== 'function') {
    try {
      setFlagsFromString('--expose-gc')
      fn = runInNewContext('gc') as (() => void) | undefined
      how = 'v8.setFlagsFromString(--expose-gc)'
    } catch {
      fn = undefined
    }
  }
  if (typeof fn !== 'function') return null
  const gc = fn
  return {
    how,
    async collect() {
      for (let i = 0; i < 3; i++) {
        gc()
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
}

/** Panes made by `make` parse where `threads` says (see screen/paneMirror.ts). */
export function withThreads<T>(threads: MirrorThreads, make: () => T): T {
  const before = process.env.SWITCHBOARD_MIRROR_THREADS
  process.env.SWITCHBOARD_MIRROR_THREADS = threads
  try {
    return make()
  } finally {
    if (before === undefined) delete process.env.SWITCHBOARD_MIRROR_THREADS
    else process.env.SWITCHBOARD_MIRROR_THREADS = before
  }
}

/** A file of this checkout (a fixture recording): from the working directory or beside the built bench; null when neither has it. */
export function findInRepo(relative: string): string | null {
  for (const root of [process.cwd(), join(__dirname, '..', '..')]) if (existsSync(join(root, relative))) return join(root, relative)
  return null
}
