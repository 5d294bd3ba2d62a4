import { execFileSync, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { Board } from '../panes/board'
import type { Pane } from '../panes/pane'
import { realClock } from '../util/clock'
import { silentLogger } from '../util/log'
import type { PaneState } from '../../shared/domain/pane'
import type { SavedPane } from '../panes/savedPane'
import { PtyProcess } from '../pty/ptyProcess'

export function testBoard(extra: Partial<ConstructorParameters<typeof Board>[0]> = {}): Board {
  return new Board({
    clock: realClock,
    log: silentLogger,
    baseEnv: { PATH: process.env.PATH, HOME: process.env.HOME, SHELL: '/bin/bash', LANG: 'C.UTF-8' },
    // The developer's own ~/.config rules must not change what the tests see.
    userAgentsDir: null,
    userRulesDir: null,
    watchRules: false,
    ...extra,
  })
}

/**
 * Polls until `check` is truthy; fails with `what` and the last value seen. A check that throws is
 * "not yet" (a file read before it is written), and its error is the last value if time runs out.
 */
export async function eventually<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: T | string | undefined
  for (;;) {
    try {
      last = await check()
      if (last) return last as NonNullable<T>
    } catch (err) {
      last = `threw: ${err instanceof Error ? err.message : String(err)}`
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export async function screenText(pane: Pane): Promise<string> {
  await pane.settled()
  return pane.screen().lines.join('\n')
}

export function waitForState(pane: Pane, state: PaneState, timeoutMs = 10_000): Promise<void> {
  return eventually(() => pane.verdict.state === state, `pane ${pane.id} to be ${state} (is ${pane.verdict.state})`, timeoutMs).then(() => undefined)
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A FIFO at `path`, with a valve: a detached `sh` opens it for writing after `valveMs` and writes
 * `text`, so code that blocks in open() on it (the bug) is released and the test ends, bounded,
 * with the time it took to tell. Returns a disposer that ends the valve.
 */
export function fifoWithValve(path: string, valveMs = 1500, text = '{}'): () => void {
  execFileSync('mkfifo', [path])
  const valve = spawn('sh', ['-c', `sleep ${valveMs / 1000}; printf %s '${text}' > '${path}'`], { stdio: 'ignore' })
  return () => {
    valve.kill('SIGKILL')
  }
}

/** A saved bash pane with nothing else to it, as the workspace stores one; `extra` on top. */
export function savedPane(id: string, extra: Partial<SavedPane> = {}): SavedPane {
  return {
    id,
    command: ['bash'],
    cwd: '/',
    title: null,
    env: {},
    cols: 80,
    rows: 24,
    createdAt: 1,
    agent: null,
    agentVersion: null,
    sessionId: null,
    exit: null,
    exitedAt: null,
    worktree: null,
    launch: null,
    ...extra,
  }
}

/** `sh -c script` in a PTY held as the pty host holds one it passes on: nothing reads it here (read its `masterFd`). */
export function heldPty(script: string): PtyProcess {
  const launched = PtyProcess.launch(
    { argv: ['sh', '-c', script], cwd: tmpdir(), env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' }, cols: 80, rows: 24 },
    realClock,
    true,
  )
  if (!launched.ok) throw new Error(launched.message)
  return launched.pty
}
