/**
 * The e2e helpers that find a new pane by what the sidebar gained (e2e/support/boardUi.ts) read
 * the sidebar once before the new-pane form. A page just loaded shows an empty sidebar until the
 * board's pane list arrives; read then, every pane looked new, and the helper waited on the
 * terminal of an old, unselected pane (userAgent.test failed so in CI beside two CPU hogs:
 * `data-pane-id="1"` never attached, the form's pane was 2). Here the list reaches the page late,
 * on purpose: the helper still names the form's pane.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, startBoard, type RunningBoard } from './support/boardServer'
import { newPaneThroughUi } from './support/boardUi'
import { launchChromium } from './support/chromium'

const LIST_DELAY_MS = 1500
let board: RunningBoard
let browser: Browser

/** Holds what the board sends the page from its pane:list reply on, for LIST_DELAY_MS, in order. */
async function delayPaneList(page: Page): Promise<void> {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer()
    let listId: number | null = null
    let held: (string | Buffer)[] | null = null
    ws.onMessage((m) => {
      const msg = typeof m === 'string' ? (JSON.parse(m) as { t?: string; id?: number; channel?: string }) : {}
      if (msg.t === 'invoke' && msg.channel === 'pane:list') listId = msg.id ?? null
      server.send(m)
    })
    server.onMessage((m) => {
      if (!held && typeof m === 'string' && listId !== null) {
        const msg = JSON.parse(m) as { t?: string; id?: number }
        if (msg.t === 'result' && msg.id === listId) {
          held = []
          setTimeout(() => {
            for (const h of held ?? []) ws.send(h)
            held = null
            listId = null
          }, LIST_DELAY_MS)
        }
      }
      if (held) held.push(m)
      else ws.send(m)
    })
  })
}

describe('finding the pane the new-pane form made', () => {
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

  it('names the form’s pane, not an old one, when the board’s list reaches the page late', async () => {
    const first = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await first.goto(board.url)
    expect(await newPaneThroughUi(first, 'shell')).toBe('1')

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await delayPaneList(page)
    await page.goto(board.url)
    expect(await newPaneThroughUi(page, 'shell')).toBe('2')
  }, 60_000)
})
