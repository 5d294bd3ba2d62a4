/**
 * One board, two browsers (issue 21 item 2; issue 22 item 5): the daemon decides each
 * notification once for every client — one desktop notification per event, the cooldown and
 * "seen" shared — and the modes (a pane's own, an agent's), the words, and "While you were away"
 * ride on the same decisions. Both pages record their Web Notifications (installNotificationRecorder).
 * Screenshots: e2e/artifacts/notify-*.png.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { cliSubmit, installNotificationRecorder, paneItem, raisedNotifications, waitForPaneState, type RaisedNotification } from './support/boardSteps'
import { selectPane } from './support/boardUi'
import { launchChromium } from './support/chromium'
import { LOOKS, useLook } from './support/looks'

const ARTIFACTS = join(ROOT, 'e2e/artifacts')
let board: RunningBoard
let browser: Browser
const pages: Page[] = []
const contexts: BrowserContext[] = []
const ids: string[] = []

function cli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [join(ROOT, 'out/main/cli.js'), '--socket', board.socketPath, ...args], { timeout: 30_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(stderr || err.message)) : resolve(stdout.trim()),
    ),
  )
}

/** Every notification both pages raised, with which page raised it. */
async function allRaised(): Promise<(RaisedNotification & { page: number })[]> {
  return (await Promise.all(pages.map(async (p, i) => (await raisedNotifications(p)).map((n) => ({ ...n, page: i }))))).flat()
}

/** A needs-you entry for the pane in both pages: the daemon's snapshot, which follows its notification on the same connection, reached each. */
async function entryInBoth(paneId: string, kind: string): Promise<void> {
  for (const p of pages) await p.locator(`[data-testid="needs-you-item"][data-pane-id="${paneId}"][data-kind="${kind}"]`).waitFor()
}

/** Blank pages brought to the front of a browser, so that its board page lost the focus. */
const covers = new Map<Page, Page>()

/**
 * The user leaves a browser (away) or comes back to it: another page takes its window's focus,
 * with the focus Playwright emulates for every headless page turned off, and the page hears it.
 */
async function blur(page: Page, away: boolean): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  if (away) {
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false })
    const cover = await page.context().newPage()
    await cover.bringToFront()
    covers.set(page, cover)
  } else {
    await page.bringToFront()
    await covers.get(page)?.close()
    covers.delete(page)
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true })
  }
  await page.evaluate((a) => window.dispatchEvent(new Event(a ? 'blur' : 'focus')), away)
  await page.waitForFunction((a) => document.hasFocus() === !a, away)
}

const oscAlert = (text: string) => String.raw`printf '\e]9;` + text + String.raw`\a'`

beforeAll(async () => {
  ensureBuilt()
  mkdirSync(ARTIFACTS, { recursive: true })
  board = await startBoard()
  writeFileSync(join(board.configDir, 'settings.json'), JSON.stringify({ notifications: { awaySummarySeconds: 1 } }))
  for (const title of ['Watching', 'Builds', 'Chatty', 'Deploys']) ids.push(await cli(['spawn', '--title', title, '--', 'bash', '--norc', '--noprofile', '-i']))
  browser = await launchChromium()
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
    await context.addInitScript(installNotificationRecorder)
    const page = await context.newPage()
    await page.goto(board.url)
    await page.getByTestId('notify-enable').click()
    for (const id of ids) await waitForPaneState(page, id, 'idle')
    await selectPane(page, ids[0]!)
    contexts.push(context)
    pages.push(page)
  }
})

afterAll(async () => {
  await browser?.close()
  await board?.stop().catch(() => undefined)
  board?.cleanup()
})

describe('one board, two browsers: the daemon decides each notification (issue 21 item 2)', () => {
  it('a program alert from a pane neither shows: one notification across both browsers, not one each', async () => {
    await cliSubmit(board.socketPath, ids[1]!, oscAlert('build done'))
    await entryInBoth(ids[1]!, 'alert')
    const raised = await allRaised()
    expect(raised.map((n) => n.title)).toEqual([`#${ids[1]} Builds: build done`])
    // Again within the cooldown: the board's cooldown, so neither browser raises it.
    await cliSubmit(board.socketPath, ids[1]!, oscAlert('build done again'))
    for (const p of pages) await p.locator(`[data-testid="needs-you-item"][data-pane-id="${ids[1]}"]`).getByText('build done again').waitFor()
    expect(await allRaised()).toHaveLength(1)
    await pages[0]!.screenshot({ path: join(ARTIFACTS, 'notify-two-browsers.png') })
  })

  it('seen in one browser is seen in both: looking at the pane in one clears its entry in the other', async () => {
    await selectPane(pages[1]!, ids[1]!)
    for (const p of pages) await p.locator(`[data-testid="needs-you-item"][data-pane-id="${ids[1]}"]`).waitFor({ state: 'detached' })
    await selectPane(pages[1]!, ids[0]!)
  })
})

describe('notifications people can tune (issue 22 item 5)', () => {
  it("a pane's own mode, from its header's menu, holds in every browser: None raises nothing, the list still shows it", async () => {
    const [a, b] = pages as [Page, Page]
    for (const look of LOOKS) {
      await useLook(a, look)
      await selectPane(a, ids[2]!)
      await a.getByTestId('pane-menu').click()
      await a.getByTestId('notify-mode-none').click()
      await paneItem(b, ids[2]!).getByTestId('pane-muted').waitFor()
      await a.screenshot({ path: join(ARTIFACTS, `notify-muted-${look.name}.png`) })
      await a.getByTestId('pane-menu').click()
      await expect(a.getByTestId('notify-mode-none').getAttribute('aria-checked')).resolves.toBe('true')
      await a.screenshot({ path: join(ARTIFACTS, `notify-mode-menu-${look.name}.png`) })
      await a.keyboard.press('Escape')
    }
    await selectPane(a, ids[0]!)
    await cliSubmit(board.socketPath, ids[2]!, oscAlert('chatter'))
    await entryInBoth(ids[2]!, 'alert')
    expect((await allRaised()).filter((n) => n.title.startsWith(`#${ids[2]} `))).toEqual([])
  })

  it('an agent’s mode in the settings: "attention only" lets a program waiting for input through, not its own alerts — and says what waits, in words', async () => {
    const [a] = pages as [Page, Page]
    await a.keyboard.press('Alt+Comma')
    await a.getByTestId('notify-agent-shell').selectOption('attention')
    await a.screenshot({ path: join(ARTIFACTS, 'notify-settings.png') })
    await a.getByTestId('settings-save').click()
    await a.getByTestId('settings-page').waitFor({ state: 'detached' })
    await cliSubmit(board.socketPath, ids[3]!, oscAlert('deployed'))
    await entryInBoth(ids[3]!, 'alert')
    expect((await allRaised()).filter((n) => n.title.startsWith(`#${ids[3]} `))).toEqual([])
    await cliSubmit(board.socketPath, ids[3]!, 'read -p "Deploy to production? [y/N] " answer')
    await entryInBoth(ids[3]!, 'input')
    await expect
      .poll(async () => (await allRaised()).filter((n) => n.title.startsWith(`#${ids[3]} `)).map((n) => [n.title, n.body.split('\n')[0]]))
      .toEqual([[`#${ids[3]} Deploys waits for your input`, 'bash waits for what you type.']])
  })

  it('"While you were away": one summary, on return, in the browser returned to, of what waited and for how long', async () => {
    const [a, b] = pages as [Page, Page]
    await blur(a, true)
    await blur(b, true)
    await cliSubmit(board.socketPath, ids[1]!, 'read -p "Overwrite the build? [y/N] " answer')
    await entryInBoth(ids[1]!, 'input')
    // Away for longer than the settings' second.
    await new Promise((r) => setTimeout(r, 1500))
    await blur(a, false)
    const card = a.getByTestId('away-summary')
    await card.waitFor()
    await expect(card.locator('h2').textContent()).resolves.toMatch(/^While you were away \(\d+ seconds?\)$/)
    await expect(card.getByTestId('away-item').allTextContents()).resolves.toContainEqual(
      expect.stringMatching(new RegExp(`^#${ids[1]} Builds waits for your input, \\d+ seconds? so far$`)),
    )
    for (const look of LOOKS) {
      await useLook(a, look)
      await a.screenshot({ path: join(ARTIFACTS, `notify-away-${look.name}.png`) })
    }
    await expect(b.getByTestId('away-summary').count()).resolves.toBe(0)
    // Its line goes to the pane.
    await card.locator(`[data-testid="away-item"][data-pane-id="${ids[1]}"]`).click()
    await expect.poll(() => a.getByTestId('answer-box').getAttribute('data-pane-id')).toBe(ids[1])
    await a.getByTestId('away-dismiss').click()
    await card.waitFor({ state: 'detached' })
    await blur(b, false)
  })
})
