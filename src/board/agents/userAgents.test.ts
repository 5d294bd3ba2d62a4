import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Settings } from '../../shared/domain/settings'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/contract'
import type { BoardError } from '../../shared/ipc/errors'
import { parseCli } from '../../cli/args'
import { spawnRequest } from '../../cli/run'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import type { Board } from '../panes/board'
import { SettingsStore } from '../settings/settingsStore'
import { eventually, screenText, testBoard, waitForState } from '../test/support'
import { realClock } from '../util/clock'

/**
 * Issue 18 item 2: a user adds an agent as a folder, no code. The exact `mytool` example of the
 * issue (__fixtures__/mytool: its agent.toml and rules.toml, and a stand-in program that prints
 * `MYTOOL v1.0.0`, a `mytool> ` prompt, and on a task `Proceed with deploy? [y/N] `), in the
 * config dir's agents/ folder of a real board with real PTYs: listed, launched by `spawn --agent`
 * with the settings applied, idle at its prompt, blocked at its question with `explain` naming
 * the rule, on after `y`; a broken folder is refused with file, line and reason while the others
 * keep working; edits reload live.
 */
const FIXTURE = resolve(__dirname, '__fixtures__/mytool')
const MYTOOL = join(FIXTURE, 'bin', 'mytool')

let root: string
let agentsDir: string
let board: Board
let store: SettingsStore
let call: <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => Promise<InvokeResult<C>>

function addMytool(): string {
  const dir = join(agentsDir, 'mytool')
  mkdirSync(dir, { recursive: true })
  for (const f of ['agent.toml', 'rules.toml']) cpSync(join(FIXTURE, f), join(dir, f))
  return dir
}

function start(watch = false, path = process.env.PATH ?? ''): void {
  board = testBoard({ defaultCwd: root, userAgentsDir: agentsDir, watchRules: watch, baseEnv: { PATH: path, HOME: root, SHELL: '/bin/bash', LANG: 'C.UTF-8' } })
  const client = board.connect(() => undefined)
  const handlers = createHandlers(board, client, () => ({ version: 't', mode: 'browser', socketPath: null }), { clock: realClock, settings: store })
  call = (channel, ...args) => dispatchInvoke(handlers.invoke, channel, args) as never
}

function save(change: (s: Settings) => Settings): void {
  store.set(change(structuredClone(store.get().settings)))
}

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sb-user-agents-'))
  agentsDir = join(root, 'config', 'agents')
  store = new SettingsStore(join(root, 'config'))
})
afterEach(async () => {
  await board?.shutdown()
  rmSync(root, { recursive: true, force: true })
})

describe('a user’s own agent folder (the issue’s mytool)', () => {
  it('is listed, launched by spawn --agent, idle at its prompt, blocked at its question (explain names mytool.confirm), and moves on after y', async () => {
    addMytool()
    start(false, `${join(FIXTURE, 'bin')}:${process.env.PATH}`)
    const { agents, problems } = await call('agents:list')
    expect(problems).toEqual([])
    expect(agents.find((a) => a.id === 'mytool')).toEqual({
      id: 'mytool',
      name: 'My Tool',
      source: 'user',
      folder: join(agentsDir, 'mytool'),
      command: ['mytool'],
      rules: true,
      reports: false,
      verifiedOn: { agent: null, rules: '1.0.0' },
    })
    expect(agents.filter((a) => a.source === 'shipped').map((a) => a.id)).toEqual(['claude', 'codex', 'gemini', 'hermes', 'opencode', 'pi'])

    const command = parseCli(['spawn', '--agent', 'mytool']).command
    if (command.name !== 'spawn') throw new Error('not a spawn')
    const info = await call('pane:create', spawnRequest(command, root))
    expect(info.agent).toBe('mytool')
    const pane = board.get(info.id)
    await waitForState(pane, 'idle')
    expect(pane.verdict.evidence[0]!.detail).toMatch(/^rule mytool\.prompt: /)
    expect(await screenText(pane)).toContain('MYTOOL v1.0.0')

    pane.write('deploy web\r')
    await waitForState(pane, 'blocked')
    const explained = await call('pane:explain', info.id)
    expect(explained.verdict.state).toBe('blocked')
    expect(explained.verdict.evidence[0]!.detail).toMatch(/^rule mytool\.confirm: "Proceed with deploy\? \[y\/N\]/)
    expect(explained.rules.find((r) => r.ruleId === 'mytool.confirm')?.matched).toBe(true)

    pane.write('y\r')
    await eventually(async () => (await screenText(pane)).includes('Deployed.'), 'the deploy to finish')
    await waitForState(pane, 'idle')
    expect(pane.verdict.evidence[0]!.detail).toMatch(/^rule mytool\.prompt: /)
  }, 30_000)

  it('typed at a shell pane’s prompt, it is recognised by its command and its rules take the pane', async () => {
    addMytool()
    start(false, `${join(FIXTURE, 'bin')}:${process.env.PATH}`)
    const info = await call('pane:create', { command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
    const pane = board.get(info.id)
    await waitForState(pane, 'idle')
    pane.write('mytool\r')
    await eventually(() => /^rule mytool\.prompt: /.test(pane.verdict.evidence[0]?.detail ?? ''), 'mytool’s prompt rule to take the pane')
    expect(pane.verdict.state).toBe('idle')
    pane.write('deploy web\r')
    await waitForState(pane, 'blocked')
    expect(pane.verdict.evidence[0]!.detail).toMatch(/^rule mytool\.confirm: /)
    pane.write('y\r')
    await eventually(async () => (await screenText(pane)).includes('Deployed.'), 'the deploy to finish')
    await waitForState(pane, 'idle')
    expect(pane.verdict.evidence[0]!.detail).toMatch(/^rule mytool\.prompt: /)
    expect(pane.agent).toBe('mytool')
    pane.write('exit\r')
    await eventually(() => pane.info().foreground?.isRoot === true, 'bash back in the foreground')
  }, 30_000)

  it('takes its executable, arguments and environment from the settings, like any agent', async () => {
    addMytool()
    start()
    save((s) => ({ ...s, agents: { ...s.agents, mytool: { executable: MYTOOL, args: ['--stage', 'prod'], env: { MYTOOL_MODE: 'from-settings' } } } }))
    const info = await call('pane:create', { agent: 'mytool', args: ['--verbose'] })
    // Its shebang runs /usr/bin/env first, which then execs node: read the command line once node runs it.
    await eventually(() => {
      const c = cmdline(info.pid!)
      return c.includes(MYTOOL) && !c[0]!.endsWith('env')
    }, 'env to exec node')
    expect(cmdline(info.pid!).slice(1)).toEqual([MYTOOL, '--stage', 'prod', '--verbose'])
    expect(readFileSync(`/proc/${info.pid}/environ`, 'utf8').split('\0')).toContain('MYTOOL_MODE=from-settings')
    await waitForState(board.get(info.id), 'idle')
  }, 20_000)

  it('says what is missing when its command is not installed, and refuses an agent no folder names', async () => {
    addMytool()
    start(false, '/usr/bin:/bin')
    await expect(call('pane:create', { agent: 'mytool' })).rejects.toMatchObject({
      code: 'agent-missing',
      message: expect.stringContaining('mytool: no executable named mytool on PATH'),
    } satisfies Partial<BoardError>)
    await expect(call('pane:create', { agent: 'nosuch' })).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringMatching(/^no agent named "nosuch"; the agents are claude, codex, gemini, hermes, opencode, pi, mytool/),
    })
  })

  it('is refused with file, line and reason when broken, while the others keep working', async () => {
    addMytool()
    const broken = join(agentsDir, 'broken')
    mkdirSync(broken)
    writeFileSync(join(broken, 'agent.toml'), 'id = "broken"\nname = "Broken"\ncommand = "broken"\n')
    const clash = join(agentsDir, 'claude')
    mkdirSync(clash)
    writeFileSync(join(clash, 'agent.toml'), 'id = "claude"\nname = "Mine"\ncommand = ["claude"]\n')
    const badRules = join(agentsDir, 'badrules')
    mkdirSync(badRules)
    writeFileSync(join(badRules, 'agent.toml'), 'id = "badrules"\nname = "Bad rules"\ncommand = ["true"]\n')
    writeFileSync(
      join(badRules, 'rules.toml'),
      'agent = "badrules"\nverified_on = "1.0"\n[[rule]]\nid = "badrules.x"\nstate = "idle"\npriority = 1\nregion = "screen"\nmatch = { line = \'(a)\\1\' }\n',
    )
    start(false, `${join(FIXTURE, 'bin')}:${process.env.PATH}`)
    const { agents, problems } = await call('agents:list')
    expect(problems).toEqual([
      `${join(broken, 'agent.toml')}:3: command: Invalid input: expected array, received string`,
      `${join(clash, 'agent.toml')}:1: "claude" is a shipped agent already; to change its screen rules, put rules/claude.toml beside your agents folder`,
      expect.stringMatching(new RegExp(`^${join(badRules, 'rules.toml')}:8: rule badrules\\.x: match\\.line: a back-reference`)),
    ])
    // The others work: mytool and the shipped agents are listed, the agent whose rules failed too (without rules).
    expect(agents.map((a) => a.id)).toEqual(['claude', 'codex', 'gemini', 'hermes', 'opencode', 'pi', 'badrules', 'mytool'])
    expect(agents.find((a) => a.id === 'claude')?.source).toBe('shipped')
    expect(agents.find((a) => a.id === 'badrules')?.rules).toBe(false)
    const info = await call('pane:create', { agent: 'mytool' })
    await waitForState(board.get(info.id), 'idle')
  }, 20_000)

  it('without rules it gets the generic path (working, input, exited), and its screen once rules.toml is added', async () => {
    const dir = join(agentsDir, 'asker')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'agent.toml'), 'id = "asker"\nname = "Asker"\ncommand = ["asker"]\n')
    const bin = join(root, 'bin')
    mkdirSync(bin)
    writeFileSync(join(bin, 'asker'), '#!/bin/bash\nwhile true; do read -r -p "Continue? [y/N] " x || exit 0; [ "$x" = q ] && exit 0; echo "got $x"; done\n', {
      mode: 0o755,
    })
    start(true, `${bin}:${process.env.PATH}`)
    const info = await call('pane:create', { agent: 'asker' })
    const pane = board.get(info.id)
    expect(info.agent).toBe('asker')
    await waitForState(pane, 'input')
    expect(pane.verdict.evidence[0]!.source).toBe('process')

    writeFileSync(
      join(dir, 'rules.toml'),
      [
        'agent = "asker"',
        'verified_on = "1.0"',
        '[[rule]]',
        'id = "asker.confirm"',
        'state = "blocked"',
        'priority = 10',
        'region = "bottom:1"',
        "match = { line = 'Continue\\? \\[y/N\\]' }",
        '',
      ].join('\n'),
    )
    await eventually(
      () => pane.verdict.state === 'blocked' && /^rule asker\.confirm: /.test(pane.verdict.evidence[0]!.detail),
      'the pane to take its new rules',
    )
    pane.write('q\r')
    await waitForState(pane, 'exited')
  }, 30_000)

  it('reloads live: a new folder, an edited rule, a broken edit that keeps what loaded, the fix', async () => {
    start(true, `${join(FIXTURE, 'bin')}:${process.env.PATH}`)
    expect((await call('agents:list')).agents.map((a) => a.id)).not.toContain('mytool')
    // The agents folder did not exist when the board started.
    const dir = addMytool()
    await eventually(async () => (await call('agents:list')).agents.some((a) => a.id === 'mytool'), 'the new agent folder to be read')
    const info = await call('pane:create', { agent: 'mytool' })
    const pane = board.get(info.id)
    await waitForState(pane, 'idle')

    // The prompt is now "waiting for a deploy" by a renamed rule: the running pane takes it.
    writeFileSync(join(dir, 'rules.toml'), readFileSync(join(FIXTURE, 'rules.toml'), 'utf8').replace('id = "mytool.prompt"', 'id = "mytool.ready"'))
    await eventually(() => /^rule mytool\.ready: /.test(pane.verdict.evidence[0]?.detail ?? ''), 'the running pane to take the edited rule')

    writeFileSync(join(dir, 'agent.toml'), 'id = "mytool"\nname = "My Tool"\ncomand = ["mytool"]\n')
    await eventually(
      async () => (await call('agents:list')).problems.some((p) => p.startsWith(`${join(dir, 'agent.toml')}:3: unknown key "comand"`)),
      'the broken manifest to be reported',
    )
    expect((await call('agents:list')).agents.find((a) => a.id === 'mytool')?.name).toBe('My Tool')

    writeFileSync(join(dir, 'agent.toml'), 'id = "mytool"\nname = "My Deploy Tool"\ncommand = ["mytool"]\n')
    await eventually(async () => (await call('agents:list')).agents.find((a) => a.id === 'mytool')?.name === 'My Deploy Tool', 'the fix to load')
    expect((await call('agents:list')).problems).toEqual([])

    rmSync(dir, { recursive: true })
    await eventually(async () => !(await call('agents:list')).agents.some((a) => a.id === 'mytool'), 'the removed folder to be gone')
  }, 30_000)
})
