import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PaneInfo, StateChange } from '../../shared/domain/pane'
import type { SavedLayout } from '../../shared/ipc/contract'
import { eventually, screenText, waitForState } from '../test/support'
import { realClock } from '../util/clock'
import { crashed, storeBoards } from './storeBoards'
import { WORKSPACE_FILE } from './workspaceDb'
import { createHandlers, dispatchInvoke } from '../ipc/handlers'
import { SettingsStore } from '../settings/settingsStore'
import { createWorktree } from '../worktrees/worktrees'

const boards = storeBoards()
const { tempDir, boardOn } = boards
afterEach(() => boards.cleanup())

describe('the saved workspace', () => {
  it('brings back a pane after a crash with its last screen, marked interrupted, and its state history as seen live', async () => {
    const dir = tempDir()
    const work = tempDir()
    const first = boardOn(dir)
    const live: StateChange[] = []
    first.board.onEvent((e) => e.channel === 'pane:state' && live.push(e.payload))
    const info = first.board.create({
      command: ['bash', '--norc', '--noprofile'],
      cwd: work,
      env: { FOO: 'kept', MY_API_KEY: 'sk-secret-value' },
      title: 'build',
    })
    const pane = first.board.get(info.id)
    await waitForState(pane, 'idle')
    const sub = join(work, 'sub')
    mkdirSync(sub)
    pane.write(`cd ${sub}; echo before-the-crash\r`)
    await eventually(async () => (await screenText(pane)).includes('before-the-crash\n'), 'the echo')
    await waitForState(pane, 'idle')
    await first.store.saveScreens()
    // The crash: the first board never closes its store or ends its pane; a second one starts on the
    // same file. Its process is gone, and with it its hold on the file (crashed()).
    crashed(first)
    const second = boardOn(dir)
    const [restored] = second.board.list()
    // The shell cd'd: it comes back where it was.
    expect(restored).toMatchObject({ id: info.id, title: 'build', cwd: sub, command: ['bash', '--norc', '--noprofile'], pid: 0, exit: null })
    expect(restored!.interrupted).toMatchObject({ resume: { kind: 'rerun' }, command: ['bash', '--norc', '--noprofile'] })
    expect(restored!.verdict.evidence[0]!.detail).toMatch(/^interrupted/)
    const screen = second.board.restoredPane(info.id)!
    await screen.settled()
    expect(screen.screen().lines.join('\n')).toContain('before-the-crash')
    // The history is what was seen live, in order, with its evidence; then the interruption.
    const history = second.board.history(info.id)
    expect(history.slice(0, -1)).toEqual(
      live.map((c) => ({
        paneId: c.paneId,
        state: c.info.verdict.state,
        previous: c.previous,
        since: c.info.verdict.since,
        evidence: c.info.verdict.evidence,
      })),
    )
    expect(history.at(-1)).toMatchObject({ state: 'exited', previous: 'idle', mark: 'interrupted', since: restored!.interrupted!.at })
    expect(live.length).toBeGreaterThan(0)
    // The secret never reached the file (the WAL included).
    const bytes = readFileSync(join(dir, WORKSPACE_FILE)).toString('latin1') + readFileSync(join(dir, WORKSPACE_FILE + '-wal')).toString('latin1')
    expect(bytes).toContain('kept')
    expect(bytes).not.toContain('sk-secret-value')

    // Resume: the same command in the same cwd, in the same place, the old screen above.
    first.board.dispose()
    const resumed = await second.board.resume(info.id)
    expect(resumed).toMatchObject({ id: info.id, command: ['bash', '--norc', '--noprofile'], cwd: sub })
    expect(resumed.interrupted).toBeUndefined()
    const again = second.board.get(info.id)
    await waitForState(again, 'idle')
    again.write('echo "$FOO after-resume"; pwd\r')
    await eventually(async () => (await screenText(again)).includes(`kept after-resume\n${sub}`), 'the resumed shell to run with its env and cwd')
    expect(second.board.list().map((p) => p.id)).toEqual([info.id])
    // Its history goes on in the same pane: resumed, then its own states.
    expect(second.board.history(info.id)[live.length + 1]).toMatchObject({ mark: 'resumed', state: 'starting', previous: 'exited' })
    await eventually(() => second.board.history(info.id).length > live.length + 2, 'the resumed pane to add to the history')
  })

  it("applies the settings' environment again on resume, names a per-launch secret that was not saved, and takes it from --env (issue 17 item 1)", async () => {
    const dir = tempDir()
    const work = tempDir()
    let settings = { ANTHROPIC_API_KEY: 'from-settings-1' }
    const first = boardOn(dir, false, () => settings)
    // As launchPane starts `--agent claude --env …`: the settings' env, the launch's own on top.
    const own = { OWN: 'kept', DEPLOY_TOKEN: 'per-launch' }
    const info = first.board.create({ command: ['bash', '--norc', '--noprofile'], cwd: work, env: { ...settings, ...own } }, { agent: 'claude', ownEnv: own })
    await waitForState(first.board.get(info.id), 'idle')
    await first.store.saveScreens()
    settings = { ANTHROPIC_API_KEY: 'from-settings-2' }

    crashed(first)
    const second = boardOn(dir, false, () => settings)
    const lacks = { names: ['DEPLOY_TOKEN'], setIn: 'Settings → Agents → claude → Environment' }
    expect(second.board.list()[0]!.interrupted!.missingEnv).toEqual(lacks)
    const resumed = await second.board.resume(info.id)
    expect(resumed.missingEnv).toEqual(lacks)
    const pane = second.board.get(info.id)
    await waitForState(pane, 'idle')
    pane.write('echo "key=$ANTHROPIC_API_KEY own=$OWN token=[$DEPLOY_TOKEN]"\r')
    // The settings as they are now, the launch's own overrides, and no token.
    await eventually(async () => (await screenText(pane)).includes('key=from-settings-2 own=kept token=[]\n'), 'the settings applied again')
    const bytes = readFileSync(join(dir, WORKSPACE_FILE)).toString('latin1') + readFileSync(join(dir, WORKSPACE_FILE + '-wal')).toString('latin1')
    expect(bytes).not.toMatch(/from-settings|per-launch/)

    // Once it has ended, `resume --env` gives the token back, and the pane lacks nothing.
    await pane.kill()
    await waitForState(pane, 'exited')
    const given = await second.board.resume(info.id, { DEPLOY_TOKEN: 'again' })
    expect(given.missingEnv).toBeUndefined()
    const again = second.board.get(info.id)
    await waitForState(again, 'idle')
    again.write('echo "token=[$DEPLOY_TOKEN]"\r')
    await eventually(async () => (await screenText(again)).includes('token=[again]\n'), 'the token from --env')
    // A board started after another crash still knows the token is not saved.
    crashed(second)
    const third = boardOn(dir, false, () => settings)
    expect(third.board.list()[0]!.interrupted!.missingEnv).toEqual(lacks)
    first.board.dispose()
  })

  it('restarts a running pane in place with the same command, cwd and env, and keeps the viewers attached', async () => {
    const dir = tempDir()
    const work = tempDir()
    const { board } = boardOn(dir)
    const info = board.create({ command: ['bash', '--norc', '--noprofile'], cwd: work, env: { FOO: 'same' } })
    const pane = board.get(info.id)
    await waitForState(pane, 'idle')
    const data: string[] = []
    const client = board.connect((d) => data.push(d.data))
    await client.attach(info.id)
    const restarted = await board.restart(info.id)
    expect(restarted.pid).not.toBe(info.pid)
    const fresh = board.get(info.id)
    expect(fresh).not.toBe(pane)
    await waitForState(fresh, 'idle')
    fresh.write('echo "$FOO-$((6*7))"\r')
    await eventually(() => data.join('').includes('same-42'), 'the attached client to see the restarted pane')
    client.dispose()
  })

  it('a client that shows an interrupted pane sees it run once it is resumed', async () => {
    const dir = tempDir()
    const first = boardOn(dir)
    const info = first.board.create({ command: ['bash', '--norc', '--noprofile'] })
    await waitForState(first.board.get(info.id), 'idle')
    crashed(first)
    const second = boardOn(dir)
    const data: { data: string; resync?: true }[] = []
    const client = second.board.connect((d) => data.push(d))
    await client.attach(info.id)
    await second.board.resume(info.id)
    second.board.write(info.id, 'echo "resumed-$((2*21))"\r')
    await eventually(
      () =>
        data
          .map((d) => d.data)
          .join('')
          .includes('resumed-42'),
      'the client to get the resumed pane',
    )
    // It starts over from a snapshot of the new pane.
    expect(data[0]?.resync).toBe(true)
    client.dispose()
    first.board.dispose()
  })

  it('a resume that cannot start keeps the pane in its place, interrupted, to try again', async () => {
    const dir = tempDir()
    const work = tempDir()
    const first = boardOn(dir)
    const info = first.board.create({ command: ['bash', '--norc', '--noprofile'], cwd: work })
    await waitForState(first.board.get(info.id), 'idle')
    rmSync(work, { recursive: true, force: true })
    crashed(first)
    const second = boardOn(dir)
    await expect(second.board.resume(info.id)).rejects.toThrow()
    const [still] = second.board.list()
    expect(still).toMatchObject({ id: info.id, pid: 0, cwd: work, exit: null })
    expect(still!.interrupted).toBeTruthy()
    first.board.dispose()
  })

  it('keeps the layout and selection a client saved', () => {
    const dir = tempDir()
    const first = boardOn(dir)
    const layout: SavedLayout = { mode: 'grid', size: 3, slots: ['2', null, '1'], colSplit: 0.4, rowSplit: 0.5, selected: '2' }
    first.board.setLayout(layout)
    crashed(first)
    const second = boardOn(dir)
    expect(second.board.layout).toEqual(layout)
  })

  it('keeps the panes of other machines across a crash, as last saved (host, id there, info)', () => {
    const dir = tempDir()
    const first = boardOn(dir)
    expect(first.store.remotePanes()).toEqual([])
    const info = { id: '3', command: ['bash'], title: 'bash', cwd: '/home/u' } as unknown as PaneInfo
    first.store.saveRemotePanes([{ id: '7', host: 'dev-box', remoteId: '3', info }])
    first.store.saveRemotePanes([
      { id: '7', host: 'dev-box', remoteId: '3', info },
      { id: '8', host: 'me@other', remoteId: '1', info },
    ])
    crashed(first)
    const second = boardOn(dir)
    expect(second.store.remotePanes()).toEqual([
      { id: '7', host: 'dev-box', remoteId: '3', info },
      { id: '8', host: 'me@other', remoteId: '1', info },
    ])
    second.store.saveRemotePanes([])
    crashed(second)
    expect(boardOn(dir).store.remotePanes()).toEqual([])
  })

  it('does not bring back a pane the user closed, and brings back an exited one as exited, not interrupted', async () => {
    const dir = tempDir()
    const first = boardOn(dir)
    const closed = first.board.create({ command: ['bash', '--norc'] })
    const done = first.board.create({ command: ['sh', '-c', 'echo done; exit 0'] })
    await eventually(() => first.board.get(done.id).exit, 'the short command to exit')
    await first.board.remove(closed.id)
    crashed(first)
    const second = boardOn(dir)
    expect(second.board.list()).toEqual([expect.objectContaining({ id: done.id, exit: { code: 0, signal: null }, interrupted: null })])
    // New panes continue after the restored ids.
    expect(second.board.create({ command: ['sh', '-c', 'sleep 5'] }).id).toBe(String(Number(done.id) + 1))
  })
})

describe('the screen a relaunched pane starts with', () => {
  it('is blank, with the old screen in the scrollback above it, wherever the old cursor was', async () => {
    const { relaunchSeed } = await import('../panes/relaunch')
    const { HeadlessMirror } = await import('../screen/headlessMirror')
    const mirror = new HeadlessMirror(40, 6, realClock)
    // An old screen whose cursor sits near the top (a full-screen program's last frame).
    const old = 'line-a\r\nline-b\r\nline-c\r\nline-d\r\nline-e\r\nline-f\x1b[1;1H'
    await new Promise<void>((r) => mirror.write(relaunchSeed(old, 6, ['claude', '--resume', 'x']), r))
    expect(mirror.screen().lines.every((l) => l.trim() === '')).toBe(true)
    expect(mirror.screen().cursor).toEqual({ x: 0, y: 0 })
    expect(mirror.serialize()).toMatch(/line-a[\s\S]*line-f[\s\S]*switchboard: claude --resume x/)
    mirror.dispose()
  })

  it('a pane in its own worktree keeps it across a restart: shown, checked and removable before a resume, and its changes counted from its base after one', async () => {
    const dir = tempDir()
    const repo = tempDir()
    const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' })
    git(repo, 'init', '-q', '-b', 'main')
    writeFileSync(join(repo, 'a.txt'), 'a\n')
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'start')
    const worktree = await createWorktree({ cwd: repo, branch: 'agent/kept', folder: join(repo, '..', `${repo.split('/').pop()}-wts`) })
    boards.onCleanup(() => rmSync(join(repo, '..', `${repo.split('/').pop()}-wts`), { recursive: true, force: true }))
    const first = boardOn(dir)
    const info = first.board.create({ command: ['bash', '--norc', '--noprofile'], cwd: worktree.path }, { worktree })
    await waitForState(first.board.get(info.id), 'idle')
    writeFileSync(join(worktree.path, 'a.txt'), 'A\n')
    git(worktree.path, 'commit', '-qam', 'committed in the worktree')

    crashed(first)
    const second = boardOn(dir)
    expect(second.board.info(info.id)).toMatchObject({ pid: 0, worktree })
    const handlers = createHandlers(
      second.board,
      second.board.connect(() => undefined),
      () => ({ version: 't', mode: 'browser', socketPath: null }),
      { clock: realClock, settings: new SettingsStore(join(dir, 'config')) },
    )
    expect(await dispatchInvoke(handlers.invoke, 'worktree:check', [info.id])).toMatchObject({
      safe: false,
      reasons: ['1 commit not merged into main and not pushed'],
    })
    first.board.dispose()
    const resumed = await second.board.resume(info.id)
    expect(resumed.worktree).toEqual(worktree)
    // Counted from the worktree's base, not from HEAD at the resume: the commit made before it counts.
    const changes = await second.board.changeTracker(info.id)!.refresh()
    expect(changes).toMatchObject({ since: worktree.baseCommit, files: 1, added: 1, removed: 1, branch: 'agent/kept' })
  })
})
