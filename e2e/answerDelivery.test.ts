/**
 * The answer box never loses a line without a word (issue 19): a program that takes the terminal
 * and ignores its input for 3 s, then drops what was typed (as Claude Code 2.1.197 lost
 * `[STEP1] …` at its start on a loaded machine). Through the UI in Chromium against browser mode:
 * the line sent too early is reported "Not taken", and "Send again" once the program reads types
 * it once, and the notice goes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './support/chromium'
import { ensureBuilt, startBoard, type RunningBoard } from './support/boardServer'
import { newPaneThroughUi } from './support/boardUi'
import { bufferLines, waitForLine } from './support/terminalProbe'

/** Raw and deaf for argv[1] seconds, then drops what was typed, then echoes a line and says what it got. */
const DEAF = `
import os, sys, termios, time, tty
tty.setraw(0)
sys.stdout.write('loading...\\r\\n'); sys.stdout.flush()
time.sleep(float(sys.argv[1]))
termios.tcflush(0, termios.TCIFLUSH)
sys.stdout.write('ready> '); sys.stdout.flush()
line = b''
while not line.endswith(b'\\r'):
    c = os.read(0, 1)
    line += c
    os.write(1, c)
sys.stdout.write('\\r\\ngot: ' + line.decode().strip() + '\\r\\n'); sys.stdout.flush()
time.sleep(60)
`

const root = mkdtempSync(join(tmpdir(), 'sb-delivery-e2e-'))
const script = join(root, 'deaf.py')
writeFileSync(script, DEAF)

let board: RunningBoard
let browser: Browser
let page: Page

describe('the answer box says when a line was not taken', () => {
  beforeAll(async () => {
    ensureBuilt()
    board = await startBoard()
    browser = await launchChromium()
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(board.url)
    await page.getByTestId('empty-state').waitFor()
  })

  afterAll(async () => {
    await browser?.close()
    await board?.stop().catch(() => undefined)
    board?.cleanup()
    rmSync(root, { recursive: true, force: true })
  })

  it('a program deaf for 3 s: "Not taken", then Send again once it reads: typed once, the notice goes', async () => {
    await newPaneThroughUi(page, 'command', `python3 ${script} 3`)
    await waitForLine(page, /loading\.\.\./)
    await page.getByTestId('answer-input').fill('hello deaf')
    // Not an agent, and busy: the box offers the line only as "Send anyway".
    await page.getByTestId('answer-send-anyway').click()
    const notice = page.getByTestId('answer-not-taken')
    await notice.waitFor({ timeout: 20_000 })
    await expect(notice.textContent()).resolves.toMatch(/Not taken — the agent was not reading input yet/)
    await expect(page.getByTestId('answer-input').inputValue()).resolves.toBe('')

    await waitForLine(page, /ready> /, 20_000)
    await page.getByTestId('answer-send-again').click()
    await waitForLine(page, /got: hello deaf/, 20_000)
    await notice.waitFor({ state: 'detached', timeout: 20_000 })
    // Once: its echo at the prompt and what the program got, nothing from the first send.
    expect((await bufferLines(page)).join('\n').match(/hello deaf/g)?.length).toBe(2)
  })
  it('three lines sent back to back into a program reading its input: each Enter queues behind the one before, all arrive once, in order', async () => {
    await newPaneThroughUi(page, 'command', 'cat')
    const input = page.getByTestId('answer-input')
    await expect.poll(() => page.getByTestId('answer-send').isVisible(), { timeout: 20_000 }).toBe(true)
    // No waiting between them: the second and third Enter come while the first is still on its way.
    for (const line of ['q-one', 'q-two', 'q-three']) {
      await input.fill(line)
      await input.press('Enter')
    }
    await page.getByTestId('answer-queue').waitFor({ state: 'detached', timeout: 20_000 })
    // cat echoes each line as typed and again as it reads it: twice each, in the order typed.
    const sent = async () => (await bufferLines(page)).join('\n').match(/q-(one|two|three)/g)
    await expect.poll(sent, { timeout: 20_000 }).toEqual(['q-one', 'q-one', 'q-two', 'q-two', 'q-three', 'q-three'])
  })
})
