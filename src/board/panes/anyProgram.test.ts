import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Pane } from './pane'
import { eventually, testBoard, waitForState } from '../test/support'

/**
 * Plain programs on real PTYs (issue 8 item 7). Reproduces two bugs: a `bash -c` loop that prints
 * showed `idle` ("shell bash is back in front") for as long as it ran, and a program waiting at a
 * `[y/N]` prompt showed `working` forever. A program sleeping in read() on the pane's terminal is
 * waiting for the user (`input`), read from the kernel (Linux only).
 */
let board = testBoard()
afterEach(async () => {
  await board.shutdown()
  board = testBoard()
})

const linux = process.platform === 'linux'

/**
 * The pane stays in `state` for `ms`: every verdict change in that window is seen (the pane's own
 * event, not a sample every few ms that a short flicker slips between), and there is none. The
 * window is the claim itself, so it is waited out.
 */
async function holds(pane: Pane, state: string, ms: number): Promise<void> {
  expect(pane.verdict.state).toBe(state)
  const changes: string[] = []
  const sub = pane.onDidChangeState((c) => changes.push(c.info.verdict.state))
  try {
    await new Promise((r) => setTimeout(r, ms))
  } finally {
    sub.dispose()
  }
  expect(
    changes.filter((s) => s !== state),
    `${state} for ${ms} ms`,
  ).toEqual([])
}

describe('any program', () => {
  it('a bash -c loop that prints is working, not a shell back in front', async () => {
    const { id } = board.create({ command: ['bash', '-c', 'while true; do echo tick; sleep 0.01; done'] })
    const pane = board.get(id)
    await waitForState(pane, 'working')
    await holds(pane, 'working', 2500)
    expect(pane.verdict.evidence[0]?.detail).not.toMatch(/back in front/)
  }, 15_000)

  it.runIf(linux)(
    'a script waiting at a [y/N] prompt waits for input, and works again once answered',
    async () => {
      const { id } = board.create({ command: ['bash', '-c', 'read -r -p "Overwrite file? [y/N] " a; echo "got $a"; while true; do sleep 0.05; done'] })
      const pane = board.get(id)
      await waitForState(pane, 'input')
      expect(pane.verdict.evidence[0]).toMatchObject({ source: 'process', detail: expect.stringMatching(/reads the terminal/) })
      await holds(pane, 'input', 1500)
      board.write(id, 'y\r')
      await waitForState(pane, 'working')
      await holds(pane, 'working', 1500)
    },
    15_000,
  )

  it.runIf(linux)(
    'python3 input() waits for input',
    async () => {
      const { id } = board.create({ command: ['python3', '-c', 'input("your name: "); import time; time.sleep(30)'] })
      const pane = board.get(id)
      await waitForState(pane, 'input')
      board.write(id, 'Ada\r')
      await waitForState(pane, 'working')
    },
    15_000,
  )

  it.runIf(linux)(
    'a password prompt that reads /dev/tty (getpass, as sudo, ssh and git do) waits for input',
    async () => {
      const { id } = board.create({ command: ['python3', '-c', 'import getpass, time; getpass.getpass("Password: "); time.sleep(30)'] })
      const pane = board.get(id)
      await waitForState(pane, 'input')
      board.write(id, 'hunter2\r')
      await waitForState(pane, 'working')
    },
    15_000,
  )

  it.runIf(linux)(
    "git's credential prompt, asked by its child git-remote-http, waits for input",
    async () => {
      // A loopback server that wants a password: git runs git-remote-http, which asks on /dev/tty.
      const server = createServer((_req, res) => res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="x"' }).end())
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      const home = mkdtempSync(join(tmpdir(), 'sb-git-home-'))
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repo.git`
        const { id } = board.create({
          command: ['git', 'ls-remote', url],
          env: { HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '1', GIT_ASKPASS: '', SSH_ASKPASS: '' },
        })
        const pane = board.get(id)
        await waitForState(pane, 'input')
        expect(pane.verdict.evidence[0]?.detail).toMatch(/git.*reads the terminal/)
        // Between the (rare) job scans the child is looked at directly: the badge holds.
        await holds(pane, 'input', 2500)
        board.write(id, '\x03')
        await waitForState(pane, 'exited')
      } finally {
        server.close()
        rmSync(home, { recursive: true, force: true })
      }
    },
    20_000,
  )

  it.runIf(linux)(
    'read -p typed at an interactive shell waits for input; the prompt after it is idle',
    async () => {
      const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
      const pane = board.get(id)
      await waitForState(pane, 'idle')
      board.write(id, 'read -p "name? " x\r')
      await waitForState(pane, 'input')
      board.write(id, 'Ada\r')
      await waitForState(pane, 'idle')
      await holds(pane, 'idle', 800)
    },
    15_000,
  )

  it.runIf(linux)(
    'a job run from the shell that prompts (cp -i) waits for input',
    async () => {
      const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
      const pane = board.get(id)
      await waitForState(pane, 'idle')
      board.write(id, 'cd "$(mktemp -d)" && touch a b && cp -i a b\r')
      await waitForState(pane, 'input')
      await eventually(() => pane.verdict.evidence[0]?.detail.includes('cp'), 'cp named in the evidence')
      board.write(id, 'n\r')
      await waitForState(pane, 'idle')
    },
    15_000,
  )

  it.runIf(linux)(
    'an interactive shell running its own loop, or waiting in `wait`, works: it is not back at its prompt',
    async () => {
      // Reproduces the replayEquivalence flake: between a loop's jobs the shell holds the terminal
      // (tpgid is its own group) while it runs builtins, and the board read that as its prompt (idle).
      const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
      const pane = board.get(id)
      await waitForState(pane, 'idle')
      const states: string[] = []
      const sub = pane.onDidChangeState(({ info }) => states.push(info.verdict.state))
      // Builtins only (no job takes the terminal): ~0.2-1 s of the shell itself running in front.
      board.write(id, 'for i in 1 2 3; do j=0; while [ $j -lt 20000 ]; do j=$((j+1)); done; sleep 0.1; done; echo loop-done\r')
      await eventually(() => pane.screen().lines.some((l) => l.startsWith('loop-done')), 'the loop to finish')
      await waitForState(pane, 'idle')
      expect(states.slice(0, -1)).not.toContain('idle')
      expect(states).toContain('working')
      states.length = 0
      board.write(id, 'sleep 1 & wait\r')
      await waitForState(pane, 'working')
      expect(pane.verdict.evidence[0]?.detail).toMatch(/waits for a child it started/)
      await waitForState(pane, 'idle')
      expect(states).toEqual(['working', 'idle'])
      sub.dispose()
    },
    20_000,
  )
})
