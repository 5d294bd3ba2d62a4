/**
 * Issue 10 in the UI: a board killed with -9 while a shell ran; the next board on the same data
 * dir shows the pane back in its place with its last screen, marked interrupted, with its state
 * timeline; Resume runs it again in the same terminal view; Restart starts it over. Chromium
 * against browser mode. Screenshots: e2e/artifacts/sessions-*.png.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './support/chromium'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, processesOfBoard, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { selectPane } from './support/boardUi'
import { cliWrite } from './support/boardSteps'
import { connectToBoard } from '../src/client/connect'
import { waitForLine } from './support/terminalProbe'
import { endBoardAbruptly, screensSaved } from './support/crash'

const ARTIFACTS = join(ROOT, 'e2e/artifacts')
const CLI = join(ROOT, 'out/main/cli.js')
const data = mkdtempSync(join(tmpdir(), 'sb-sessions-e2e-'))
const boards: RunningBoard[] = []
let browser: Browser
let page: Page

const cli = (board: RunningBoard, ...args: string[]) => execFileSync(process.execPath, [CLI, '--socket', board.socketPath, ...args], { encoding: 'utf8' })
const panes = (board: RunningBoard) => JSON.parse(cli(board, 'ls', '--json')) as { id: string; pid: number; state: string; interrupted: unknown }[]

describe('a workspace back after a crash, in the browser', () => {
  beforeAll(async () => {
    ensureBuilt()
    mkdirSync(ARTIFACTS, { recursive: true })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    for (const b of boards) {
      await b.stop().catch(() => undefined)
      for (const p of processesOfBoard(b.runtimeDir)) process.kill(Number(p.split(' ')[0]), 'SIGKILL')
      b.cleanup()
    }
    rmSync(data, { recursive: true, force: true })
  })

  it('shows the interrupted pane with its last screen and timeline, the layout and selection as they were; Resume and Restart run it again in place', async () => {
    const env = { SWITCHBOARD_DATA_DIR: data }
    const first = await startBoard(20_000, env)
    boards.push(first)
    // A secret given for this launch only is not saved: Resume says it runs without it (issue 17).
    const id = cli(first, 'spawn', '--cwd', first.cwd, '--env', 'DEPLOY_TOKEN=per-launch', '--', 'bash', '--norc', '--noprofile').trim()
    cliWrite(first.socketPath, id, 'echo before-the-crash\\r', true)
    cli(first, 'wait', id, '--state', 'idle', '--timeout', '10')
    // The layout lives in the renderer: two side by side, the second pane selected.
    const id2 = cli(first, 'spawn', '--cwd', first.cwd, '--', 'bash', '--norc', '--noprofile').trim()
    const before = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await before.goto(first.url)
    await selectPane(before, id2)
    await before.getByTestId('layout-2').check()
    // The layout is saved debounced (half a second after the last change): wait until the board has it.
    const conn = await connectToBoard(first.socketPath, process.env)
    try {
      await expect.poll(() => conn.client.invoke('workspace:layout'), { timeout: 10_000 }).toMatchObject({ mode: 'grid', size: 2, selected: id2 })
    } finally {
      conn.close()
    }
    await before.close()
    // Screens are saved debounced: the crash comes once the board says what it showed is on disk.
    await screensSaved(first)
    await endBoardAbruptly(first)

    const second = await startBoard(20_000, env)
    boards.push(second)
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('dialog', (d) => void d.accept())
    await page.goto(second.url)
    // Two side by side, the second pane selected, as they were.
    await page.locator(`[data-testid="pane-cell"][data-pane-id="${id2}"].is-selected`).waitFor()
    expect(await page.getByTestId('pane-cell').count()).toBe(2)
    expect(await page.getByTestId('layout-2').isChecked()).toBe(true)
    await page.screenshot({ path: join(ARTIFACTS, 'sessions-grid.png') })
    await page.getByTestId('layout-single').check()
    await selectPane(page, id)
    await page.getByTestId('pane-interrupted').waitFor()
    // One word for it everywhere: the badges, `ls` and `ls --json` (issue 17 item 6).
    expect(await page.locator(`[data-testid="pane-item"][data-pane-id="${id}"] [data-testid="state-badge"]`).textContent()).toBe('interrupted')
    expect(await page.locator('[data-testid="pane-header"] [data-testid="state-badge"]').textContent()).toBe('interrupted')
    expect(panes(second).find((p) => p.id === id)).toMatchObject({ state: 'interrupted', pid: 0 })
    expect(cli(second, 'ls').split('\n')[1]).toMatch(new RegExp(`^${id}\\s+interrupted\\s`))
    await page.getByTestId('state-timeline').waitFor()
    expect(await page.getByTestId('state-timeline-away').textContent()).toMatch(/^idle for \d+ seconds? before the board stopped$/)
    await waitForLine(page, /before-the-crash$/)
    await page.screenshot({ path: join(ARTIFACTS, 'sessions-interrupted.png') })

    expect(await page.getByTestId('pane-resume').textContent()).toBe('Resume without DEPLOY_TOKEN')
    expect(await page.getByTestId('pane-resume').getAttribute('title')).toContain(`pane ${id} will resume without DEPLOY_TOKEN: pass --env DEPLOY_TOKEN=…`)
    await page.getByTestId('pane-resume').click()
    await page.getByTestId('pane-interrupted').waitFor({ state: 'detached' })
    expect(await page.getByTestId('pane-missing-env').textContent()).toBe('without DEPLOY_TOKEN')
    cliWrite(second.socketPath, id, 'echo after-$((40+2))\\r', true)
    await waitForLine(page, /^after-42$/)
    // The old screen is still there, above.
    await waitForLine(page, /before-the-crash$/)
    const resumedPid = panes(second).find((p) => p.id === id)!.pid
    expect(resumedPid).toBeGreaterThan(0)

    await page.getByTestId('pane-restart').click()
    await expect.poll(() => panes(second).find((p) => p.id === id)!.pid, { timeout: 10_000 }).not.toBe(resumedPid)
    cliWrite(second.socketPath, id, 'echo restarted-$((6*7))\\r', true)
    await waitForLine(page, /^restarted-42$/)
    await page.screenshot({ path: join(ARTIFACTS, 'sessions-restarted.png') })
  })

  it('says so when the saved workspace is corrupt, keeps the file aside and starts fresh', async () => {
    const dir = join(data, 'corrupt')
    mkdirSync(dir)
    writeFileSync(join(dir, 'workspace.db'), 'not a database '.repeat(100))
    const board = await startBoard(20_000, { SWITCHBOARD_DATA_DIR: dir })
    boards.push(board)
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await tab.goto(board.url)
    const banner = tab.getByTestId('workspace-problem')
    await banner.waitFor()
    expect(await banner.textContent()).toMatch(
      /could not be used \(file is not a database\); it was kept as .*workspace\.db\.broken-.* and a fresh workspace started/,
    )
    const aside = readdirSync(dir).find((f) => f.startsWith('workspace.db.broken-'))!
    expect(readFileSync(join(dir, aside), 'utf8')).toBe('not a database '.repeat(100))
    expect(panes(board)).toEqual([])
    await tab.close()
  })
})
