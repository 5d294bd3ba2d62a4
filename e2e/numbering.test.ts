/**
 * Issue 17 item 6: one number per pane everywhere. The sidebar numbered panes by position
 * ("7 claude") while the header, Needs you, notifications and the CLI use the pane's id (#9), so
 * `switchboard screen 7` said "no pane 7". Now the sidebar shows the id too; Alt+1…9 still go to
 * the first nine panes in the sidebar, top to bottom (as a browser's tabs), and say so; the
 * sidebar folded to a rail shows the ids as well.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { launchChromium } from './support/chromium'
import { waitForAttached } from './support/terminalProbe'

const CLI = join(ROOT, 'out/main/cli.js')
let board: RunningBoard
let browser: Browser

const cli = (...args: string[]) => execFileSync(process.execPath, [CLI, '--socket', board.socketPath, ...args], { encoding: 'utf8' })

describe('one number per pane', () => {
  beforeAll(async () => {
    ensureBuilt()
    board = await startBoard()
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await board?.stop()
    board?.cleanup()
  })

  it('the sidebar, the header and the CLI say the same number, whatever the position', async () => {
    for (const title of ['first', 'second', 'third']) cli('spawn', '--title', title, '--', 'bash', '--norc', '--noprofile')
    // Positions and ids part ways: the first pane goes, the third moves to the top.
    cli('close', '1')
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(board.url)
    await page.locator('[data-testid="pane-item"][data-pane-id="3"]').waitFor()
    const numbers = () => page.getByTestId('pane-number').allTextContents()
    await expect.poll(numbers).toEqual(['#2', '#3'])
    await page.locator('[data-testid="pane-item"][data-pane-id="3"] .pane-item__main').focus()
    await page.keyboard.press('Alt+ArrowUp')
    await expect.poll(numbers).toEqual(['#3', '#2'])

    // Alt+1: the pane at the top, which everything calls #3.
    await page.keyboard.press('Alt+1')
    await waitForAttached(page, '3')
    expect(await page.getByTestId('pane-header-id').textContent()).toBe('#3')
    expect(await page.locator('[data-testid="pane-item"][data-pane-id="3"] .pane-item__main').getAttribute('aria-keyshortcuts')).toMatch(/^Alt\+1 /)
    // The grid's cells say it too.
    await page.getByTestId('layout-2').check()
    await expect.poll(() => page.locator('.pane-cell__num').allTextContents()).toEqual(['#3', '#2'])
    // The sidebar folded to a rail says it too (it said 1, 2: the positions).
    await page.getByTestId('sidebar-collapse').click()
    await expect.poll(() => page.locator('[data-testid="rail-pane"] .rail__num').allTextContents()).toEqual(['#3', '#2'])
    expect(await page.locator('[data-testid="rail-pane"][data-pane-id="3"]').getAttribute('title')).toBe('#3 · third · idle · Alt+1')
    await page.getByTestId('sidebar-expand').click()
    // …and the CLI knows it by the same number.
    expect(JSON.parse(cli('ls', '--json')).map((p: { id: string; title: string }) => `${p.id} ${p.title}`)).toEqual(['3 third', '2 second'])
    expect(() => cli('screen', '3')).not.toThrow()
    await page.close()
  })
})
