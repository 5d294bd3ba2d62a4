import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/contract'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import type { Board } from '../panes/board'
import { SettingsStore } from '../settings/settingsStore'
import { eventually, screenText, testBoard, waitForState } from '../test/support'
import { realClock } from '../util/clock'

/**
 * Issue 24 item 2: a rule file is a file any program in a pane can write (the user's rules
 * folder), and its regexes run on the board's thread against what panes print. `^(\w|\d)+$` in
 * such a file passed the old structural check and froze the board 7.4 s when a pane printed 28
 * digits and `!` (backtracking, 84 s on 29 characters). Here, on a real board with real PTYs: the
 * issue's regexes in the user's override of an agent's rules, a pane of that agent printing the
 * rows that make each explode, and a canary shell that must keep answering.
 */

/**
 * The agent: a banner, a `digits> ` prompt, and every line typed printed back on a row of its own
 * (after a newline of its own: the terminal's echo of lines typed ahead lands wherever the cursor
 * is, after a prompt or not, and the printout after it).
 */
const PROGRAM = `#!/bin/bash
echo 'DIGITS v1'
while IFS= read -r -p 'digits> ' line; do printf '\\n%s\\n' "$line"; done
`
const AGENT = 'id = "digits"\nname = "Digits"\ncommand = ["digits"]\n'
const RULES = [
  'agent = "digits"',
  'verified_on = "1"',
  "recognize = ['^DIGITS v1']",
  '[[rule]]',
  'id = "digits.prompt"',
  'state = "idle"',
  'priority = 10',
  'region = "bottom:1"',
  "match = { line = '^digits> $' }",
  '',
].join('\n')
const rule = (id: string, line: string) => [
  '[[rule]]',
  `id = "${id}"`,
  'state = "working"',
  'priority = 50',
  'region = "screen"',
  `match = { line = '${line}' }`,
  '',
]

/** Each of the regexes the engine can run, and a row on which backtracking takes hours. */
const ATTACKS: [id: string, regex: string, row: string][] = [
  ['digits.alternatives', String.raw`^(\w|\d)+$`, `${'1'.repeat(28)}!`],
  ['digits.overlap', String.raw`^([a-z]|a)+$`, `${'a'.repeat(28)}!`],
  ['digits.stars', String.raw`^.*.*.*.*.*.*=$`, '-'.repeat(70)],
]

let root: string
let rulesDir: string
let board: Board
let call: <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => Promise<InvokeResult<C>>

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sb-hostile-rules-'))
  const bin = join(root, 'bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'digits'), PROGRAM)
  chmodSync(join(bin, 'digits'), 0o755)
  const folder = join(root, 'config', 'agents', 'digits')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'agent.toml'), AGENT)
  writeFileSync(join(folder, 'rules.toml'), RULES)
  rulesDir = join(root, 'config', 'rules')
  mkdirSync(rulesDir)
})
afterEach(async () => {
  await board?.shutdown()
  rmSync(root, { recursive: true, force: true })
})

function start(): void {
  const path = `${join(root, 'bin')}:${process.env.PATH ?? ''}`
  board = testBoard({
    defaultCwd: root,
    userAgentsDir: join(root, 'config', 'agents'),
    userRulesDir: rulesDir,
    baseEnv: { PATH: path, HOME: root, SHELL: '/bin/bash', LANG: 'C.UTF-8' },
  })
  const client = board.connect(() => undefined)
  const handlers = createHandlers(board, client, () => ({ version: 't', mode: 'browser', socketPath: null }), {
    clock: realClock,
    settings: new SettingsStore(join(root, 'config')),
  })
  call = (channel, ...args) => dispatchInvoke(handlers.invoke, channel, args) as never
}

describe('a user rule file cannot stall the board (issue 24 item 2)', () => {
  it("the issue's regexes load, run in linear time on the rows that explode them, and a canary pane keeps answering", async () => {
    writeFileSync(join(rulesDir, 'digits.toml'), ['agent = "digits"', '', ...ATTACKS.flatMap(([id, regex]) => rule(id, regex))].join('\n'))
    start()
    expect((await call('agents:list')).problems).toEqual([])
    const canary = board.get(board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } }).id)
    const pane = board.get((await call('pane:create', { agent: 'digits' })).id)
    await waitForState(canary, 'idle')
    await waitForState(pane, 'idle')
    const eld = monitorEventLoopDelay({ resolution: 10 })
    eld.enable()
    try {
      for (const [, , row] of ATTACKS) board.write(pane.id, `${row}\r`)
      // (Once in the suite beside two CPU hogs the rows did not show within 10 s, not reproduced since: a
      // failure says what the pane showed instead.)
      await eventually(async () => {
        const rows = (await screenText(pane)).split('\n')
        return ATTACKS.every(([, , row]) => rows.includes(row))
      }, 'the pane to print every row').catch(async (err: unknown) => {
        throw new Error(`${String(err)}; the pane (${pane.verdict.state}) shows:\n${await screenText(pane)}`)
      })
      // Every rule, against the screen with the rows on it (explain evaluates all of them, not just to the first match).
      const explained = await call('pane:explain', pane.id)
      for (const [id] of ATTACKS) expect(explained.rules.find((r) => r.ruleId === id)).toMatchObject({ matched: false })
      board.write(canary.id, 'echo canary-$((6*7))\r')
      await eventually(async () => (await screenText(canary)).includes('canary-42'), 'the canary pane to answer')
    } finally {
      eld.disable()
    }
    // Backtracking, the first row alone held the thread for minutes; each evaluation now takes a few ms.
    expect(eld.max / 1e6).toBeLessThan(1000)
    expect(pane.verdict.state).toBe('idle')
  }, 60_000)

  it('a rule the engine cannot run is refused with file, line, rule and why; the agent keeps its own rules', async () => {
    const file = join(rulesDir, 'digits.toml')
    writeFileSync(file, ['agent = "digits"', '', ...rule('digits.nested', String.raw`^(a+){12}$`)].join('\n'))
    start()
    expect((await call('agents:list')).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^${file.replace(/[.]/g, '\\.')}:8: rule digits\\.nested: match\\.line: it cannot be matched in linear time: a counted repeat`),
      ),
    ])
    const pane = board.get((await call('pane:create', { agent: 'digits' })).id)
    await waitForState(pane, 'idle')
    expect((await call('pane:explain', pane.id)).rules.map((r) => r.ruleId)).toEqual(['digits.prompt'])
  }, 30_000)
})
