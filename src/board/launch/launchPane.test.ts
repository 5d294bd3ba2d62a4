import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type Settings } from '../../shared/domain/settings'
import type { BoardError } from '../../shared/ipc/errors'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/contract'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import type { Board } from '../panes/board'
import { SettingsStore } from '../settings/settingsStore'
import { realClock } from '../util/clock'
import { eventually, screenText, testBoard } from '../test/support'
import { parseCli } from '../../cli/args'
import { spawnRequest } from '../../cli/run'

let root: string
let board: Board
let store: SettingsStore
let call: <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => Promise<InvokeResult<C>>

function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' })
}

function makeRepo(): string {
  const repo = join(root, 'app')
  mkdirSync(repo)
  gitIn(repo, 'init', '-q', '-b', 'main')
  writeFileSync(join(repo, 'readme.md'), 'one\ntwo\n')
  gitIn(repo, 'add', '.')
  gitIn(repo, 'commit', '-qm', 'start')
  return repo
}

/** A stand-in agent executable that prints its environment variable and stays up. */
function fakeAgent(name: string): string {
  const file = join(root, 'bin', name)
  mkdirSync(join(root, 'bin'), { recursive: true })
  writeFileSync(file, '#!/bin/bash\necho "MODE=${AGENT_MODE:-none}"\nsleep 60\n')
  chmodSync(file, 0o755)
  return file
}

function cmdline(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
}

function save(change: (s: Settings) => Settings): void {
  store.set(change(structuredClone(store.get().settings)))
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sb-launch-'))
  board = testBoard({ defaultCwd: root })
  store = new SettingsStore(join(root, 'config'))
  const client = board.connect(() => undefined)
  const handlers = createHandlers(board, client, () => ({ version: 't', mode: 'browser', socketPath: null }), { clock: realClock, settings: store })
  call = (channel, ...args) => dispatchInvoke(handlers.invoke, channel, args) as never
})
afterEach(async () => {
  await board.shutdown()
  rmSync(root, { recursive: true, force: true })
})

describe('launching an agent by kind', () => {
  it('runs the executable, default arguments and environment from the settings, and sees a change of them', async () => {
    const exe = fakeAgent('claude')
    save((s) => ({ ...s, agents: { ...s.agents, claude: { executable: exe, args: ['--model', 'opus'], env: { AGENT_MODE: 'from-settings' } } } }))
    const first = await call('pane:create', { agent: 'claude', args: ['--verbose'] })
    await eventually(() => cmdline(first.pid).includes('--verbose'), 'the agent to start')
    expect(cmdline(first.pid)).toEqual(['/bin/bash', exe, '--model', 'opus', '--verbose'])
    await eventually(async () => (await screenText(board.get(first.id))).includes('MODE=from-settings'), 'the env from settings')

    save((s) => ({ ...s, agents: { ...s.agents, claude: { ...s.agents.claude!, args: ['--model', 'sonnet'] } } }))
    const second = await call('pane:create', { agent: 'claude', env: { AGENT_MODE: 'per-launch' } })
    await eventually(() => cmdline(second.pid).includes('sonnet'), 'the second agent to start')
    expect(cmdline(second.pid)).toEqual(['/bin/bash', exe, '--model', 'sonnet'])
    await eventually(async () => (await screenText(board.get(second.id))).includes('MODE=per-launch'), 'the launch env over the settings')
  })

  it('knows the agent when the settings name a wrapper as its executable', async () => {
    const wrapper = fakeAgent('my-claude-wrapper')
    save((s) => ({ ...s, agents: { ...s.agents, claude: { executable: wrapper, args: [], env: {} } } }))
    const info = await call('pane:create', { agent: 'claude' })
    expect(info.agent).toBe('claude')
    expect(info.command).toEqual([wrapper])
  })

  it('names the setting when the executable is missing, and spawns nothing', async () => {
    const empty = join(root, 'empty')
    mkdirSync(empty)
    await board.shutdown()
    board = testBoard({ defaultCwd: root, baseEnv: { PATH: empty, SHELL: '/bin/bash' } })
    const handlers = createHandlers(
      board,
      board.connect(() => undefined),
      () => ({ version: 't', mode: 'browser', socketPath: null }),
      { clock: realClock, settings: store },
    )
    const err = (await dispatchInvoke(handlers.invoke, 'pane:create', [{ agent: 'claude' }]).catch((e: unknown) => e)) as BoardError
    expect(err.code).toBe('agent-missing')
    expect(err.message).toBe(
      `claude: no executable named claude on PATH (looked in ${empty}). Install it, or set its path in Settings → Agents → claude → Executable.`,
    )
    save((s) => ({ ...s, agents: { ...s.agents, codex: { executable: '/nonexistent/codex', args: [], env: {} } } }))
    const err2 = (await dispatchInvoke(handlers.invoke, 'pane:create', [{ agent: 'codex' }]).catch((e: unknown) => e)) as BoardError
    expect(err2.message).toMatch(/^codex: the executable \/nonexistent\/codex \(from settings\) does not exist .* Settings → Agents → codex → Executable\.$/)
    expect(board.list()).toEqual([])
  })

  it('round-trips presets through the settings file and launches one by name', async () => {
    const exe = fakeAgent('codex')
    const presets: Settings['presets'] = [
      { name: 'codex, full auto', agent: 'codex', args: ['--full-auto'], env: { AGENT_MODE: 'preset' }, cwd: root, setup: [], worktree: false, host: '' },
      { name: 'claude, plan mode', agent: 'claude', args: ['--permission-mode', 'plan'], env: {}, cwd: '', setup: ['cp ../.env .'], worktree: true, host: '' },
    ]
    save((s) => ({ ...s, presets, agents: { ...s.agents, codex: { executable: exe, args: [], env: {} } } }))
    expect(store.get().settings.presets).toEqual(presets)
    expect(JSON.parse(readFileSync(store.path, 'utf8')).presets).toEqual(presets)
    const info = await call('pane:create', { preset: 'codex, full auto', args: ['--extra'] })
    await eventually(() => cmdline(info.pid).includes('--extra'), 'the preset launch')
    expect(cmdline(info.pid)).toEqual(['/bin/bash', exe, '--full-auto', '--extra'])
    expect(info.cwd).toBe(root)
    await eventually(async () => (await screenText(board.get(info.id))).includes('MODE=preset'), "the preset's env")
    await expect(call('pane:create', { preset: 'nope' })).rejects.toThrow(
      /no launch preset named "nope"; the presets are "codex, full auto", "claude, plan mode"/,
    )
    expect(() => store.set({ ...DEFAULT_SETTINGS, presets: [presets[0]!, presets[0]!] })).toThrow(/same name/)
  })
})

describe('a worktree per pane', () => {
  it('creates the branch and folder from HEAD, runs the setup commands first, and tracks what changed', async () => {
    const repo = makeRepo()
    writeFileSync(join(repo, '.env'), 'SECRET=1\n')
    const exe = fakeAgent('claude')
    save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [
        { name: 'claude wt', agent: 'claude', args: [], env: {}, cwd: '', setup: ['cp "$SWITCHBOARD_REPO/.env" .', 'test -f .env'], worktree: true, host: '' },
      ],
    }))
    const info = await call('pane:create', { preset: 'claude wt', cwd: repo, worktree: { branch: 'agent/one' } })
    const folder = join(root, 'app.worktrees', 'agent-one')
    expect(info.worktree).toMatchObject({ repo, path: folder, branch: 'agent/one', base: 'main' })
    expect(info.cwd).toBe(folder)
    expect(existsSync(join(folder, 'readme.md'))).toBe(true)
    expect(readFileSync(join(folder, '.env'), 'utf8')).toBe('SECRET=1\n')
    expect(gitIn(repo, 'branch', '--list', '--format=%(refname:short)', 'agent/one').trim()).toBe('agent/one')
    expect(gitIn(folder, 'rev-parse', 'HEAD')).toBe(gitIn(repo, 'rev-parse', 'main'))

    // The .env the setup copied is untracked: it counts, like any new file.
    writeFileSync(join(folder, 'readme.md'), 'one\nTWO\nthree\n')
    board.changeTracker(info.id)!.poke(0)
    const changes = await eventually(() => {
      const c = board.get(info.id).info().changes
      return c && c.files === 2 && c
    }, 'the change count')
    expect(changes).toMatchObject({ files: 2, added: 3, removed: 1, branch: 'agent/one', error: null })
    const detail = await call('pane:changes', info.id)
    expect(detail.files).toEqual([
      { path: 'readme.md', status: 'modified', added: 2, removed: 1 },
      { path: '.env', status: 'untracked', added: 1, removed: 0 },
    ])
    expect(detail.diff).toContain('-two\n+TWO\n+three')
    expect(detail.diff).toContain('+SECRET=1')
  })

  it('refuses to remove a worktree with uncommitted or unmerged work, removes it once merged, or when forced', async () => {
    const repo = makeRepo()
    const info = await call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/two' } })
    const folder = info.worktree!.path
    writeFileSync(join(folder, 'new.txt'), 'work\n')
    expect(await call('worktree:check', info.id)).toMatchObject({ safe: false, reasons: ['1 uncommitted file (new.txt)'] })
    await expect(call('worktree:remove', info.id, { force: false })).rejects.toMatchObject({
      code: 'unsafe',
      message: expect.stringMatching(/kept the worktree .*1 uncommitted file \(new\.txt\)/),
    })
    expect(existsSync(join(folder, 'new.txt'))).toBe(true)
    expect(board.list()).toHaveLength(1)

    gitIn(folder, 'add', '.')
    gitIn(folder, 'commit', '-qm', 'work')
    expect(await call('worktree:check', info.id)).toMatchObject({ safe: false, reasons: ['1 commit not merged into main and not pushed'] })
    gitIn(repo, 'merge', '-q', '--ff-only', 'agent/two')
    expect(await call('worktree:check', info.id)).toMatchObject({ safe: true, reasons: [] })
    await call('worktree:remove', info.id, { force: false })
    expect(existsSync(folder)).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'agent/two')).toBe('')
    expect(gitIn(repo, 'worktree', 'list')).not.toContain('agent-two')
    expect(board.list()).toEqual([])

    // The folder removed by hand: the branch's commits still count.
    const gone = await call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/gone' } })
    writeFileSync(join(gone.worktree!.path, 'g.txt'), 'g\n')
    gitIn(gone.worktree!.path, 'add', '.')
    gitIn(gone.worktree!.path, 'commit', '-qm', 'gone')
    await board.kill(gone.id)
    rmSync(gone.worktree!.path, { recursive: true, force: true })
    await expect(call('worktree:remove', gone.id, { force: false })).rejects.toThrow(/1 commit not merged into main/)
    expect(gitIn(repo, 'branch', '--list', '--format=%(refname:short)', 'agent/gone').trim()).toBe('agent/gone')

    const forced = await call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/three' } })
    writeFileSync(join(forced.worktree!.path, 'scratch.txt'), 'x\n')
    await call('worktree:remove', forced.id, { force: true })
    expect(existsSync(forced.worktree!.path)).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'agent/three')).toBe('')
  })

  it('says what is wrong: not a repository, an existing branch, a dirty base, a bad name, a failing setup', async () => {
    const repo = makeRepo()
    await expect(call('pane:create', { command: ['true'], cwd: root, worktree: { branch: 'x' } })).rejects.toThrow(/is not inside a git repository/)
    gitIn(repo, 'branch', 'taken')
    await expect(call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'taken' } })).rejects.toThrow(/branch taken already exists/)
    await expect(call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'bad name' } })).rejects.toThrow(/no spaces/)
    await expect(call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'x', base: 'nope' } })).rejects.toThrow(
      /base nope is not a branch, tag or commit/,
    )
    await expect(call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'x', base: '--output=/tmp/x' } })).rejects.toThrow(
      /may not start with "-"/,
    )
    writeFileSync(join(repo, 'readme.md'), 'dirty\n')
    await expect(call('pane:create', { command: ['true'], cwd: repo, worktree: { branch: 'x' } })).rejects.toThrow(
      /has uncommitted changes \(readme\.md\).*--base/,
    )
    // With a base named explicitly, the dirty checkout does not matter.
    const ok = await call('pane:create', { command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'from-main', base: 'main' } })
    expect(ok.worktree).toMatchObject({ branch: 'from-main', base: 'main' })

    const exe = fakeAgent('pi')
    save((s) => ({
      ...s,
      agents: { ...s.agents, pi: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'broken', agent: 'pi', args: [], env: {}, cwd: '', setup: ['echo installing; exit 3'], worktree: true, host: '' }],
    }))
    await expect(call('pane:create', { preset: 'broken', cwd: repo, worktree: { branch: 'y', base: 'main' } })).rejects.toThrow(
      /setup command `echo installing; exit 3` failed .*\(exit code 3\): installing; the new worktree was removed again/,
    )
    expect(existsSync(join(root, 'app.worktrees', 'y'))).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'y')).toBe('')
  })
})

describe('changes of a pane outside a worktree', () => {
  it('counts against HEAD at start plus untracked files, and is null outside a repository', async () => {
    const repo = makeRepo()
    const inRepo = await call('pane:create', { command: ['bash', '--norc'], cwd: repo })
    const tracker = board.changeTracker(inRepo.id)!
    await tracker.started()
    const start = tracker.startCommit
    expect(start).toBe(gitIn(repo, 'rev-parse', 'HEAD').trim())
    writeFileSync(join(repo, 'a.txt'), '1\n2\n')
    writeFileSync(join(repo, 'readme.md'), 'one\n')
    gitIn(repo, 'add', 'readme.md')
    gitIn(repo, 'commit', '-qm', 'later commit counts too')
    const c = await tracker.refresh()
    expect(c).toMatchObject({ since: start, files: 2, added: 2, removed: 1 })

    const outside = await call('pane:create', { command: ['bash', '--norc'], cwd: root })
    await board.changeTracker(outside.id)!.started()
    expect(await board.changeTracker(outside.id)!.refresh()).toBeNull()
    expect(board.get(outside.id).info().changes).toBeNull()
    await expect(call('pane:changes', outside.id)).rejects.toThrow(/not in a git repository/)
  })
})

describe('launch cases found using it from the CLI', () => {
  it('starts in the same subfolder of the new worktree as the cwd it was given in the repo', async () => {
    const repo = makeRepo()
    mkdirSync(join(repo, 'packages', 'web'), { recursive: true })
    writeFileSync(join(repo, 'packages', 'web', 'index.js'), 'x\n')
    gitIn(repo, 'add', '.')
    gitIn(repo, 'commit', '-qm', 'monorepo')
    const info = await call('pane:create', {
      command: ['bash', '--norc'],
      cwd: join(repo, 'packages', 'web'),
      worktree: { branch: 'agent/sub' },
      setup: ['touch at-top'],
    })
    const folder = join(root, 'app.worktrees', 'agent-sub')
    expect(info.worktree).toMatchObject({ repo, path: folder })
    expect(info.cwd).toBe(join(folder, 'packages', 'web'))
    // Setup commands are the repo's: they run at the worktree's top.
    expect(existsSync(join(folder, 'at-top'))).toBe(true)
    // Its changes are the whole checkout's, named from the top (git's ls-files would list only the subfolder's, relative to it).
    writeFileSync(join(folder, 'packages', 'web', 'index.js'), 'y\n')
    writeFileSync(join(folder, 'packages', 'web', 'new.js'), 'n\n')
    const detail = await call('pane:changes', info.id)
    expect(detail.files.map((f) => `${f.status} ${f.path}`).sort()).toEqual([
      'modified packages/web/index.js',
      'untracked at-top',
      'untracked packages/web/new.js',
    ])
    expect(detail.diff).toContain('+++ b/packages/web/new.js')
  })

  it('says a repository without a commit has nothing to branch from', async () => {
    const empty = join(root, 'empty')
    mkdirSync(empty)
    gitIn(empty, 'init', '-q', '-b', 'main')
    await expect(call('pane:create', { command: ['true'], cwd: empty, worktree: { branch: 'x' } })).rejects.toThrow(/has no commit yet.*commit something first/)
    await expect(call('pane:create', { command: ['true'], cwd: empty, worktree: { branch: 'x', base: 'main' } })).rejects.toThrow(/has no commit yet/)
  })

  it('a preset that runs in its own worktree asks for a branch instead of running in the shared checkout', async () => {
    const repo = makeRepo()
    const exe = fakeAgent('claude')
    save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'wt', agent: 'claude', args: [], env: {}, cwd: repo, setup: ['touch .ready'], worktree: true, host: '' }],
    }))
    await expect(call('pane:create', { preset: 'wt' })).rejects.toThrow(/preset "wt" runs in its own worktree: name its new branch \(--worktree BRANCH\)/)
    expect(board.list()).toEqual([])
    const info = await call('pane:create', { preset: 'wt', worktree: { branch: 'agent/p' } })
    expect(info.cwd).toBe(join(root, 'app.worktrees', 'agent-p'))
    expect(existsSync(join(info.cwd, '.ready'))).toBe(true)
  })

  it('the worktrees folder setting: ~ is the home folder, a relative path is refused (it was taken relative to the board’s own cwd)', async () => {
    const repo = makeRepo()
    const home = join(root, 'home')
    mkdirSync(home)
    await board.shutdown()
    board = testBoard({ defaultCwd: root, baseEnv: { PATH: process.env.PATH, SHELL: '/bin/bash', HOME: home } })
    const handlers = createHandlers(
      board,
      board.connect(() => undefined),
      () => ({ version: 't', mode: 'browser', socketPath: null }),
      { clock: realClock, settings: store },
    )
    const create = (req: Parameters<typeof call<'pane:create'>>[1]) =>
      dispatchInvoke(handlers.invoke, 'pane:create', [req]) as Promise<InvokeResult<'pane:create'>>
    save((s) => ({ ...s, worktrees: { folder: '~/trees' } }))
    const info = await create({ command: ['bash', '--norc'], cwd: repo, worktree: { branch: 'agent/home' } })
    expect(info.worktree!.path).toBe(join(home, 'trees', 'app', 'agent-home'))
    save((s) => ({ ...s, worktrees: { folder: 'trees' } }))
    await expect(create({ command: ['true'], cwd: repo, worktree: { branch: 'agent/rel' } })).rejects.toThrow(
      /Settings → Worktrees folder is "trees", not an absolute path; give one such as ~\/worktrees/,
    )
  })

  it('a cwd typed with ~ (the form, a preset) is in the home folder', async () => {
    const home = join(root, 'home')
    mkdirSync(join(home, 'proj'), { recursive: true })
    await board.shutdown()
    board = testBoard({ defaultCwd: root, baseEnv: { PATH: process.env.PATH, SHELL: '/bin/bash', HOME: home } })
    const handlers = createHandlers(
      board,
      board.connect(() => undefined),
      () => ({ version: 't', mode: 'browser', socketPath: null }),
      { clock: realClock, settings: store },
    )
    const exe = fakeAgent('claude')
    save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'p', agent: 'claude', args: [], env: {}, cwd: '~/proj', setup: [], worktree: false, host: '' }],
    }))
    const fromPreset = (await dispatchInvoke(handlers.invoke, 'pane:create', [{ preset: 'p' }])) as InvokeResult<'pane:create'>
    expect(fromPreset.cwd).toBe(join(home, 'proj'))
    const typed = (await dispatchInvoke(handlers.invoke, 'pane:create', [{ command: ['bash', '--norc'], cwd: '~' }])) as InvokeResult<'pane:create'>
    expect(typed.cwd).toBe(home)
  })

  it('the CLI’s own directory is used only when neither --cwd nor the preset names one (spawn --preset ran in the shell’s cwd, not the preset’s)', async () => {
    const exe = fakeAgent('claude')
    const presetDir = join(root, 'preset-dir')
    const shellDir = join(root, 'shell-dir')
    for (const d of [presetDir, shellDir]) mkdirSync(d)
    save((s) => ({
      ...s,
      agents: { ...s.agents, claude: { executable: exe, args: [], env: {} } },
      presets: [{ name: 'p', agent: 'claude', args: [], env: {}, cwd: presetDir, setup: [], worktree: false, host: '' }],
    }))
    const cli = (argv: string[]) => {
      const { command } = parseCli(argv)
      if (command.name !== 'spawn') throw new Error('not a spawn')
      return call('pane:create', spawnRequest(command, shellDir))
    }
    expect((await cli(['spawn', '--preset', 'p'])).cwd).toBe(presetDir)
    expect((await cli(['spawn', '--preset', 'p', '--cwd', '.'])).cwd).toBe(shellDir)
    expect((await cli(['spawn', '--agent', 'claude'])).cwd).toBe(shellDir)
    expect((await cli(['spawn', '--', 'bash', '--norc'])).cwd).toBe(shellDir)
  })
})

describe('secret settings values over IPC (Settings → Agents → Environment)', () => {
  it('settings:get and settings:set answer them masked; a masked value sent back keeps the saved one, and the launch gets the real value', async () => {
    const file = join(root, 'bin', 'claude')
    mkdirSync(join(root, 'bin'), { recursive: true })
    writeFileSync(file, '#!/bin/bash\necho "TOKEN=${AGENT_TOKEN:-none} MODE=${AGENT_MODE:-none}"\nsleep 60\n')
    chmodSync(file, 0o755)
    save((s) => ({ ...s, agents: { ...s.agents, claude: { executable: file, args: [], env: { AGENT_TOKEN: 'tok-secret-1', AGENT_MODE: 'a' } } } }))
    const got = await call('settings:get')
    expect(got.settings.agents.claude!.env).toEqual({ AGENT_TOKEN: '••••••••', AGENT_MODE: 'a' })
    expect(JSON.stringify(got)).not.toContain('tok-secret-1')
    // The renderer saves the settings it was given, one other value changed.
    const answered = await call('settings:set', {
      ...got.settings,
      agents: { claude: { ...got.settings.agents.claude!, env: { ...got.settings.agents.claude!.env, AGENT_MODE: 'b' } } },
    })
    expect(JSON.stringify(answered)).not.toContain('tok-secret-1')
    expect(store.get().settings.agents.claude!.env).toEqual({ AGENT_TOKEN: 'tok-secret-1', AGENT_MODE: 'b' })
    const pane = await call('pane:create', { agent: 'claude' })
    await eventually(async () => (await screenText(board.get(pane.id))).includes('TOKEN=tok-secret-1 MODE=b'), 'the agent printing its environment')
    // A masked value for a name with nothing saved is refused, not saved as the mask.
    await expect(
      call('settings:set', { ...got.settings, agents: { claude: { ...got.settings.agents.claude!, env: { OTHER_TOKEN: '••••••••' } } } }),
    ).rejects.toThrow(/OTHER_TOKEN \(agent claude\) is sent hidden .* type its value/)
    expect(store.get().settings.agents.claude!.env.AGENT_TOKEN).toBe('tok-secret-1')
  })
})
