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
    // Each line twice: the terminal's echo as it is typed, and cat's copy once it read it. The next
    // line goes once the previous one's echo came, so on a busy machine cat's copy of q-one may
    // come after q-two's echo (CI: one, two, one, two, three, three): each copy in the order typed.
    const copies = async () => {
      const seen: string[] = (await bufferLines(page)).join('\n').match(/q-(one|two|three)/g) ?? []
      const nth = (k: number) =>
        ['q-one', 'q-two', 'q-three'].map((l) => seen.filter((s) => s === l).length === 2 && seen.indexOf(l, k ? seen.indexOf(l) + 1 : 0))
      return { count: seen.length, echoesInOrder: isSorted(nth(0)), readsInOrder: isSorted(nth(1)) }
    }
    await expect.poll(copies, { timeout: 20_000 }).toEqual({ count: 6, echoesInOrder: true, readsInOrder: true })
  })
})

/** Positions all found (no false) and increasing. */
function isSorted(at: (number | false)[]): boolean {
  return at.every((p, i) => p !== false && p >= 0 && (i === 0 || p > (at[i - 1] as number)))
}
