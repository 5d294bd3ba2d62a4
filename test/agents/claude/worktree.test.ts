import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentLaunches } from '../../../src/board/agents/agentLaunches'
import { createHandlers, dispatchInvoke } from '../../../src/board/ipc/handlers'
import { Board } from '../../../src/board/panes/board'
import { ReportServer } from '../../../src/board/reports/reportServer'
import { SettingsStore } from '../../../src/board/settings/settingsStore'
import { realClock } from '../../../src/board/util/clock'
import { silentLogger } from '../../../src/board/util/log'
import { worktreeFolder } from '../../../src/board/worktrees/worktrees'
import type { PaneChangesDetail, PaneInfo } from '../../../src/shared/domain/pane'
import type { InvokeArgs, InvokeChannel, InvokeResult } from '../../../src/shared/ipc/contract'
import { FakeAnthropic } from '../support/fakeAnthropic'
import { claudeBin, CLAUDE_VERSIONS, resourcesDir } from '../support/paths'
import { sleep } from '../support/sse'
import { claudeEnv, setUpClaudeHome } from './setup'

function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' })
}

async function until<T>(check: () => T | null | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = check()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

/**
 * The real Claude Code (2.1.332, the default, and 2.1.197), launched by kind from the settings into
 * its own git worktree (as `switchboard spawn --agent claude --worktree …` does), edits a tracked
 * file through its Bash tool at the fake model's request: the pane counts one file changed, the changes view has the
 * lines, and the worktree cannot be removed until the work is committed and merged.
 */
describe.each(CLAUDE_VERSIONS)('Claude Code %s in its own worktree', (version) => {
  const root = mkdtempSync(join(tmpdir(), 'sb-agent-claude-wt-'))
  const home = join(root, 'home')
  const repo = join(root, 'app')
  const runtimeDir = join(root, 'run')
  let fake: FakeAnthropic
  let server: ReportServer
  let board: Board
  let call: <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => Promise<InvokeResult<C>>
  let pane: PaneInfo
  const folder = worktreeFolder(repo, 'agent/edit', '')

  beforeAll(async () => {
    for (const d of [home, repo]) mkdirSync(d)
    mkdirSync(runtimeDir, { mode: 0o700 })
    gitIn(repo, 'init', '-q', '-b', 'main')
    writeFileSync(join(repo, 'readme.md'), 'one\ntwo\n')
    gitIn(repo, 'add', '.')
    gitIn(repo, 'commit', '-qm', 'start')
    // Claude trusts the worktree folder (it is made below, at this path) and may run Bash there.
    setUpClaudeHome(home, folder, join(root, 'user-hooks.jsonl'), version)
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash'] } }))
    fake = await FakeAnthropic.start({
      STEPEDIT: {
        first: {
          text: 'I will update the readme.',
          tool: { name: 'Bash', input: { command: "printf 'one\\nTWO\\nthree\\n' > readme.md", description: 'Rewrite the readme' } },
        },
        after: { text: 'Updated readme.md.' },
      },
    })
    server = await ReportServer.listen({ sink: (r) => board.deliverReport(r), clock: realClock, log: silentLogger })
    board = new Board({
      clock: realClock,
      log: silentLogger,
      baseEnv: { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', SHELL: '/bin/bash' },
      defaultCwd: root,
      userAgentsDir: null,
      userRulesDir: null,
      watchRules: false,
      agents: new AgentLaunches({ server, runtimeDir, resourcesDir, runtime: process.execPath }),
    })
    const store = new SettingsStore(join(root, 'config'))
    const settings = store.get().settings
    // 2.1.332 starts in auto mode, whose server-side check the fake cannot pass: its manual mode, where the allow rule lets Bash run (from the settings' default arguments).
    const args = version === '2.1.197' ? [] : ['--permission-mode', 'default']
    store.set({ ...settings, agents: { ...settings.agents, claude: { executable: claudeBin(version), args, env: claudeEnv(fake.url) } } })
    const handlers = createHandlers(
      board,
      board.connect(() => undefined),
      () => ({ version: 't', mode: 'browser', socketPath: null }),
      { clock: realClock, settings: store },
    )
    call = (channel, ...args) => dispatchInvoke(handlers.invoke, channel, args) as never
  })
  afterAll(async () => {
    await board?.shutdown()
    await server?.close()
    await fake?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('starts on a new branch in its own folder', async () => {
    pane = await call('pane:create', { agent: 'claude', cwd: repo, worktree: { branch: 'agent/edit' }, cols: 120, rows: 32 })
    expect(pane.worktree).toMatchObject({ repo, path: folder, branch: 'agent/edit', base: 'main' })
    expect(gitIn(folder, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('agent/edit')
    expect(readFileSync(`/proc/${pane.pid}/cmdline`, 'utf8')).toContain(claudeBin(version))
    await until(() => board.get(pane.id).screen().lines.join('\n').includes('? for shortcuts'), 'the prompt', 60_000)
  })

  it('edits a file: the pane shows 1 file changed and the diff has the lines', async () => {
    const p = board.get(pane.id)
    p.write('[STEPEDIT] Update the readme.')
    await sleep(250)
    p.write('\r')
    await until(() => p.screen().lines.join(' ').includes('Updated readme.md.'), 'the reply', 60_000)
    // A count can land mid-write (CI saw the readme emptied: +0 −2); the board counts again after
    // the turn ends, so the pane must settle on the edit's own numbers.
    const changes = await until(() => {
      const c = p.info().changes
      return c && c.files === 1 && c.added === 2 && c.removed === 1 && c
    }, 'the change count to settle on +2 −1')
    expect(changes).toMatchObject({ files: 1, added: 2, removed: 1, branch: 'agent/edit', error: null })
    const detail: PaneChangesDetail = await call('pane:changes', pane.id)
    expect(detail.files).toEqual([{ path: 'readme.md', status: 'modified', added: 2, removed: 1 }])
    expect(detail.diff).toContain('-two\n+TWO\n+three\n')
  })

  it('refuses to remove the worktree with that work uncommitted; removes it once committed and merged', async () => {
    await expect(call('worktree:remove', pane.id, { force: false })).rejects.toMatchObject({
      code: 'unsafe',
      message: expect.stringContaining('1 uncommitted file (readme.md)'),
    })
    expect(readFileSync(join(folder, 'readme.md'), 'utf8')).toBe('one\nTWO\nthree\n')
    gitIn(folder, 'commit', '-qam', 'the agent’s edit')
    gitIn(repo, 'merge', '-q', '--ff-only', 'agent/edit')
    await call('worktree:remove', pane.id, { force: false })
    expect(existsSync(folder)).toBe(false)
    expect(gitIn(repo, 'branch', '--list', 'agent/edit')).toBe('')
    expect(readFileSync(join(repo, 'readme.md'), 'utf8')).toBe('one\nTWO\nthree\n')
  })
})
