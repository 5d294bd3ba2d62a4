import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Logger } from '../util/log'
import { defaultMirrorPool } from '../screen/mirrorPool'
import { eventually, screenText, testBoard, waitForState } from '../test/support'

// The panes of these tests parse in the pool from the start (by default a pane moves there once it floods, see the last test).
const threadsBefore = process.env.SWITCHBOARD_MIRROR_THREADS
process.env.SWITCHBOARD_MIRROR_THREADS = 'worker'
afterAll(() => {
  if (threadsBefore === undefined) delete process.env.SWITCHBOARD_MIRROR_THREADS
  else process.env.SWITCHBOARD_MIRROR_THREADS = threadsBefore
})

const lines: string[] = []
const log: Logger = { debug() {}, info: (msg) => void lines.push(msg), warn: (msg) => void lines.push(msg), error: (msg) => void lines.push(msg) }
let board = testBoard({ log })
afterEach(async () => {
  await board.shutdown()
  lines.length = 0
  board = testBoard({ log })
})

const SHELL = ['bash', '--norc', '--noprofile', '-i']

describe('a parser worker that dies does not take the board down', () => {
  it('its panes say why, are parsed again from their last screen and keep their programs, which end cleanly; the board and new panes go on', async () => {
    // The victim's terminal is in one of the pool's workers.
    expect(process.env.SWITCHBOARD_MIRROR_THREADS).toBe('worker')
    const victim = board.get(board.create({ command: SHELL, env: { PS1: '$ ' } }).id)
    await waitForState(victim, 'idle')
    board.write(victim.id, 'echo before-$((6*7))\r')
    await eventually(async () => (await screenText(victim)).includes('before-42'), 'the victim to answer')

    // Every worker of the pool dies (as a crash would end it: the thread exits, not by disposal).
    const threads = defaultMirrorPool().threads()
    expect(threads.length).toBeGreaterThan(0)
    await Promise.all(threads.map((t) => t.terminate()))
    // Evidence: the pane's log says what failed, and that it is parsed again from its last screen.
    await eventually(() => lines.find((l) => l.includes(`pane ${victim.id}: the mirror's parser worker exited`)), 'the failure to be logged')
    expect(lines.join('\n')).toMatch(/its screen is parsed again on a fresh parser worker, from the last screen/)
    // Its screen was not frozen: the old output stands and new output is parsed (issue 9's leftover).
    board.write(victim.id, 'echo after-$((6*7))\r')
    await eventually(async () => (await screenText(victim)).includes('after-42'), 'the victim parsed again')
    expect(await screenText(victim)).toContain('before-42')
    await waitForState(victim, 'idle')

    // The board still serves: a new pane gets a fresh worker and works, states still change.
    const canary = board.get(board.create({ command: SHELL, env: { PS1: '$ ' } }).id)
    await waitForState(canary, 'idle')
    board.write(canary.id, 'echo canary-$((6*7))\r')
    await eventually(async () => (await screenText(canary)).includes('canary-42'), 'the new pane to answer')
    expect(board.list().map((p) => p.id)).toEqual(expect.arrayContaining([victim.id, canary.id]))

    // The victim's program was never held (its output flows, unparsed) and ends with a clean exit.
    board.write(victim.id, 'seq 1 20000; exit 3\r')
    await eventually(() => victim.exit, 'the victim to exit', 15_000)
    expect(victim.exit?.code).toBe(3)
    await waitForState(victim, 'exited')
    await board.remove(victim.id)
    expect(board.list().map((p) => p.id)).toEqual([canary.id])
  }, 60_000)

  it('a pane whose screen froze for good (a third worker death) drops its screen evidence and says so', async () => {
    // A stand-in `claude` that draws Claude's real idle screen: the pane is an agent pane read by Claude's rules.
    const bin = mkdtempSync(join(tmpdir(), 'sb-frozen-bin-'))
    afterAll(() => rmSync(bin, { recursive: true, force: true }))
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec "${process.execPath}" "${resolve(__dirname, '../answer/fakeClaude.cjs')}"\n`)
    chmodSync(join(bin, 'claude'), 0o755)
    const pane = board.get(board.create({ command: ['claude'], env: { PATH: `${bin}:${process.env.PATH}` } }).id)
    await waitForState(pane, 'idle')
    expect(pane.verdict.evidence[0]?.source).toBe('screen')
    // Three deaths: mirrored again twice, then frozen.
    for (let death = 1; death <= 3; death++) {
      const threads = defaultMirrorPool().threads()
      await Promise.all(threads.map((t) => t.terminate()))
      const want = death < 3 ? `(restart ${death} of 2)` : 'its screen is no longer updated'
      await eventually(() => lines.find((l) => l.includes(`pane ${pane.id}:`) && l.includes(want)), `death ${death} to be logged`)
    }
    // The last screen (idle) decides nothing any more: no report came, so the state is unknown, and the evidence says why.
    await waitForState(pane, 'unknown')
    expect(pane.verdict.evidence[0]!.detail).toMatch(/^the screen is no longer read \(.*\): the agent's reports and processes decide$/)
    // The agent's own word still counts.
    pane.report('PermissionRequest', { session_id: 's', tool_name: 'Bash', tool_input: { command: 'ls' } })
    await waitForState(pane, 'blocked')
    expect(pane.verdict.evidence.map((e) => e.source)).toEqual(['hook', 'screen'])
  }, 60_000)

  it('by default a pane parses on the board’s thread, moves to the pool when it floods, and is parsed again there after a worker death', async () => {
    process.env.SWITCHBOARD_MIRROR_THREADS = 'adaptive'
    try {
      const threadsBefore = defaultMirrorPool().threads().length
      const pane = board.get(board.create({ command: SHELL, env: { PS1: '$ ' } }).id)
      await waitForState(pane, 'idle')
      expect(defaultMirrorPool().threads()).toHaveLength(threadsBefore)
      // ~2 MB of numbered lines: far past what a pane parses on the board's thread in a second.
      board.write(pane.id, 'seq -f "flood line %07g" 1 100000; echo flood-$((6*7))\r')
      await eventually(async () => (await screenText(pane)).includes('flood-42'), 'the flood to be parsed', 30_000)
      expect(defaultMirrorPool().threads().length).toBeGreaterThan(0)
      await Promise.all(
        defaultMirrorPool()
          .threads()
          .map((t) => t.terminate()),
      )
      await eventually(
        () => lines.find((l) => l.includes(`pane ${pane.id}:`) && l.includes('parsed again on a fresh parser worker')),
        'the recovery to be logged',
      )
      board.write(pane.id, 'echo after-$((6*7))\r')
      await eventually(async () => (await screenText(pane)).includes('after-42'), 'the pane to be parsed on its fresh worker')
    } finally {
      process.env.SWITCHBOARD_MIRROR_THREADS = 'worker'
    }
  }, 60_000)
})
