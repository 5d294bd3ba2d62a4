/**
 * Issue 18 item 2, end to end: the exact `mytool` folder in the config dir's agents/
 * (src/board/agents/__fixtures__/mytool: agent.toml, rules.toml, and a stand-in program), a real
 * daemon (out/main/daemon.js), the real CLI (bin/switchboard.js) and Debian's Chromium.
 * `spawn --agent mytool` is idle at its prompt, blocked at its question (`explain` names
 * mytool.confirm), and moves on after `y`; `switchboard agents` lists it as the user's; the
 * new-pane form offers it and launches it; a folder broken while the board runs is refused with
 * file, line and reason in `switchboard agents` and Settings → Agents while mytool keeps working.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { waitForPaneState } from './support/boardSteps'
import { newPaneSince, sidebarPaneIds } from './support/boardUi'
import { launchChromium } from './support/chromium'
import { waitForAttached, waitForLine } from './support/terminalProbe'

const FIXTURE = join(ROOT, 'src/board/agents/__fixtures__/mytool')
const BIN = join(ROOT, 'bin/switchboard.js')
const base = mkdtempSync(join(tmpdir(), 'sb-user-agent-e2e-'))
const config = join(base, 'config')
const PATH = `${join(FIXTURE, 'bin')}:${process.env.PATH}`
let board: RunningBoard
let browser: Browser

function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, '--socket', board.socketPath, ...args],
      {
        env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_CONFIG_DIR: config, PATH, HOME: join(base, 'home') },
        cwd: base,
        timeout: 30_000,
        encoding: 'utf8',
      },
      (err, out, errOut) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    )
  })
}

async function ok(...args: string[]): Promise<string> {
  const r = await cli(...args)
  if (r.code !== 0) throw new Error(`switchboard ${args.join(' ')} failed (${r.code}): ${r.err}${r.out}`)
  return r.out
}

beforeAll(async () => {
  ensureBuilt()
  mkdirSync(join(config, 'agents'), { recursive: true })
  mkdirSync(join(base, 'home'))
  cpSync(join(FIXTURE, 'agent.toml'), join(config, 'agents', 'mytool', 'agent.toml'))
  cpSync(join(FIXTURE, 'rules.toml'), join(config, 'agents', 'mytool', 'rules.toml'))
  board = await startBoard(20_000, { SWITCHBOARD_CONFIG_DIR: config, PATH })
  browser = await launchChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await board?.stop()
  board?.cleanup()
  rmSync(base, { recursive: true, force: true })
})

describe('a user’s own agent (the issue’s mytool), end to end', () => {
  it('spawn --agent mytool: idle at its prompt, blocked at its question (explain names mytool.confirm), on after y', async () => {
    const id = (await ok('spawn', '--agent', 'mytool')).trim()
    expect(id).toMatch(/^\d+$/)
    await ok('wait', id, '--state', 'idle', '--timeout', '20')
    expect(await ok('screen', id)).toContain('MYTOOL v1.0.0')
    expect(await ok('explain', id)).toMatch(/decided by screen: rule mytool\.prompt/)

    await ok('write', id, 'deploy web', '--enter')
    await ok('wait', id, '--state', 'blocked', '--timeout', '20')
    const explained = await ok('explain', id)
    expect(explained).toMatch(/^pane \d+ \(mytool\): blocked since /)
    expect(explained).toMatch(/decided by screen: rule mytool\.confirm: "Proceed with deploy\? \[y\/N\]/)

    await ok('write', id, 'y', '--enter')
    await ok('wait', id, '--state', 'idle', '--timeout', '20')
    expect(await ok('screen', id)).toContain('Deployed.')
    expect(await ok('explain', id)).toMatch(/decided by screen: rule mytool\.prompt/)
  }, 90_000)

  it('switchboard agents lists it as the user’s, beside the shipped ones', async () => {
    const { agents, problems } = JSON.parse(await ok('agents', '--json')) as {
      agents: { id: string; source: string; executable: string | null }[]
      problems: string[]
    }
    expect(problems).toEqual([])
    expect(agents.map((a) => a.id)).toEqual(['claude', 'codex', 'gemini', 'hermes', 'opencode', 'pi', 'mytool'])
    expect(agents.find((a) => a.id === 'mytool')).toMatchObject({ source: 'user', executable: join(FIXTURE, 'bin', 'mytool') })
  })

  it('the new-pane form offers it, and launches it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(board.url)
    const before = await sidebarPaneIds(page)
    await page.getByTestId('new-pane-button').click()
    await page.getByTestId('new-pane-kind-agent').check()
    const option = page.locator('[data-testid="new-pane-agent"] option[value="mytool"]')
    await expect.poll(() => option.textContent()).toBe('My Tool (mytool, yours)')
    await page.getByTestId('new-pane-agent').selectOption('mytool')
    await expect.poll(() => page.getByTestId('new-pane-agent-command').textContent()).toBe('mytool')
    await page.getByTestId('new-pane-submit').click()
    await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
    const id = await newPaneSince(page, before)
    await waitForAttached(page, id)
    await waitForLine(page, /mytool> /)
    await waitForPaneState(page, id, 'idle')
  }, 60_000)

  it('a folder broken while the board runs is refused with file, line and reason (switchboard agents, Settings → Agents), and mytool keeps working', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(board.url)
    await page.getByTestId('new-pane-button').waitFor()
    const broken = join(config, 'agents', 'broken')
    mkdirSync(broken)
    writeFileSync(join(broken, 'agent.toml'), 'id = "broken"\nname = "Broken"\ncomand = ["broken"]\n')
    const problems = [
      `${join(broken, 'agent.toml')}:1: command: is missing: an agent needs at least id, name and command, like command = ["broken"]`,
      `${join(broken, 'agent.toml')}:3: unknown key "comand"`,
    ]
    await expect.poll(async () => (JSON.parse(await ok('agents', '--json')) as { problems: string[] }).problems, { timeout: 20_000 }).toEqual(problems)

    // The board reads the folders again when Settings opens: the problem is there without a reload of the page.
    await page.getByTestId('open-settings').click()
    await expect.poll(() => page.getByTestId('settings-agent-problems').locator('li').allTextContents()).toEqual(problems)
    await page.keyboard.press('Escape')
    await page.getByTestId('settings-page').waitFor({ state: 'detached' })

    const id = (await ok('spawn', '--agent', 'mytool')).trim()
    await ok('wait', id, '--state', 'idle', '--timeout', '20')
    expect(await ok('explain', id)).toMatch(/decided by screen: rule mytool\.prompt/)
    rmSync(broken, { recursive: true })
    await expect.poll(async () => (JSON.parse(await ok('agents', '--json')) as { problems: string[] }).problems, { timeout: 20_000 }).toEqual([])
  }, 60_000)
})
