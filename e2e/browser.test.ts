/**
 * Browser mode end to end: the real board (`out/main/serve.js`, real PTYs) driven through Debian's
 * Chromium with playwright-core. Terminal contents are read from the renderer's xterm buffer via
 * its test hook, not from the DOM.
 */
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from './support/chromium'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, firstAssetPath, processesOfBoard, ROOT, startBoard, type RunningBoard } from './support/boardServer'
import { repliesInPage, writeQueryScript } from './support/queryProbe'
import { newPaneThroughUi, selectPane, typeLine } from './support/boardUi'
import { bufferLines, terminalSize, waitForAttached, waitForLine, type HookGlobal } from './support/terminalProbe'

const ARTIFACTS = join(ROOT, 'e2e/artifacts')

let board: RunningBoard
let browser: Browser
let context: BrowserContext
let page: Page
const paneIds: string[] = []

/** What a WebSocket to the board gets: 'open', or how it was refused. Runs in the page. */
function tryWebSocketInPage(p: Page, url: string): Promise<string> {
  return p.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        type Ws = { onopen: (() => void) | null; onclose: (() => void) | null; close(): void }
        const ws = new (globalThis as unknown as { WebSocket: new (u: string) => Ws }).WebSocket(url)
        ws.onopen = () => {
          resolve('open')
          ws.close()
        }
        ws.onclose = () => resolve('refused')
        setTimeout(() => resolve('timeout'), 5000)
      }),
    url,
  )
}

/** The HTTP status a WebSocket handshake from Node gets (no cookie, no origin), or 'open'. */
function nodeWebSocketStatus(url: string): Promise<number | 'open'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.on('open', () => {
      resolve('open')
      ws.close()
    })
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.on('error', reject)
  })
}

describe('browser mode', () => {
  beforeAll(async () => {
    ensureBuilt()
    mkdirSync(ARTIFACTS, { recursive: true })
    board = await startBoard()
    writeQueryScript(board.cwd)
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await board?.stop().catch(() => undefined)
    board?.cleanup()
  })

  it('refuses the page, its assets and the WebSocket without the token', async () => {
    for (const path of ['/', '/index.html', firstAssetPath(), '/?token=not-the-token']) {
      const res = await fetch(board.origin + path, { redirect: 'manual' })
      expect(res.status, path).toBe(401)
    }
    const wsUrl = `ws://127.0.0.1:${board.port}/ws`
    expect(await nodeWebSocketStatus(wsUrl)).toBe(401)

    const stranger = await browser.newContext()
    const p = await stranger.newPage()
    const res = await p.goto(board.origin + '/')
    expect(res?.status()).toBe(401)
    expect(await tryWebSocketInPage(p, wsUrl)).toBe('refused')
    await stranger.close()
  })

  it('opens with the token URL and drops the token from the address bar', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    page = await context.newPage()
    const res = await page.goto(board.url)
    expect(res?.status()).toBe(200)
    expect(page.url()).toBe(`${board.origin}/`)
    expect(page.url()).not.toContain('token')
    await expect(page.title()).resolves.toBe('Switchboard')
    await page.getByTestId('empty-state').waitFor()
    await page.screenshot({ path: join(ARTIFACTS, 'browser-empty.png') })
  })

  it('refuses a WebSocket from a page of another origin, even with the cookie in the browser', async () => {
    const other: Server = createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const p = await context.newPage()
      await p.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`)
      expect(await tryWebSocketInPage(p, `ws://127.0.0.1:${board.port}/ws`)).toBe('refused')
      await p.close()
    } finally {
      other.close()
    }
  })

  it('the cookie a logged-in browser sends to another port of 127.0.0.1 opens no board (issue 24.5)', async () => {
    // Another local user's page: the browser sends it this origin's cookies (they are not port-scoped).
    const cookies: string[] = []
    const other: Server = createServer((req, res) => {
      cookies.push(req.headers.cookie ?? '')
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>elsewhere</title><img src="/pixel.png">')
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const p = await context.newPage()
      await p.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`)
      await p.close()
      const leaked = cookies.find((c) => c.includes('switchboard_view='))
      expect(leaked).toBeDefined()
      expect(leaked).not.toContain(new URL(board.url).searchParams.get('token')!)
      // With it and the Origin the board wants, a WebSocket is refused at its first message.
      const ws = new WebSocket(`ws://127.0.0.1:${board.port}/ws`, { headers: { origin: board.origin, cookie: leaked! } })
      const code = await new Promise<number>((resolve, reject) => {
        ws.on('open', () => {
          ws.send(JSON.stringify({ t: 'auth', session: leaked!.split('=')[1] }))
          ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'pane:list' }))
        })
        ws.on('message', () => reject(new Error('the board answered')))
        ws.on('close', (c) => resolve(c))
        ws.on('error', reject)
      })
      expect(code).toBe(4401)
    } finally {
      other.close()
    }
  })

  it('shows a spawn error in the new-pane form', async () => {
    await page.getByTestId('new-pane-button').click()
    await page.getByTestId('new-pane-kind-command').check()
    await page.getByTestId('new-pane-command').fill('definitely-not-a-command-4711 --flag')
    await page.getByTestId('new-pane-submit').click()
    await expect(page.getByTestId('new-pane-error').textContent()).resolves.toContain('definitely-not-a-command-4711: command not found')
    await page.screenshot({ path: join(ARTIFACTS, 'browser-new-pane-error.png') })
    await page.keyboard.press('Escape')
    await page.getByTestId('new-pane-form').waitFor({ state: 'detached' })
    expect(await page.getByTestId('pane-item').count()).toBe(0)
  })

  it('runs a bash pane: typed input reaches it and its output comes back', async () => {
    const id = await newPaneThroughUi(page, 'shell')
    paneIds.push(id)
    await waitForLine(page, /\S/) // the prompt
    await typeLine(page, 'echo hello')
    await waitForLine(page, /echo hello$/)
    await waitForLine(page, 'hello')
  })

  it('answers terminal queries once: by the board, never again by the renderer', async () => {
    await typeLine(page, 'bash ./count-replies.sh')
    const line = await waitForLine(page, /^REPLIES da1=\d+ cpr=\d+ osc11=\d+$/)
    expect(line).toBe('REPLIES da1=1 cpr=1 osc11=1')

    const { guarded, unguarded } = await repliesInPage(page)
    expect(JSON.stringify(guarded)).toBe('""')
    expect(unguarded.length, 'an unguarded xterm answers these queries').toBeGreaterThan(0)
  })

  it('fits the terminal to the window and resizes the pane with it', async () => {
    const before = await terminalSize(page)
    await page.setViewportSize({ width: 1100, height: 700 })
    await page.waitForFunction((cols) => (globalThis as unknown as HookGlobal).__switchboardTerminal?.cols !== cols, before.cols)
    const after = await terminalSize(page)
    expect(after.cols).toBeLessThan(before.cols)
    await typeLine(page, 'stty size')
    await waitForLine(page, `${after.rows} ${after.cols}`)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.waitForFunction((cols) => (globalThis as unknown as HookGlobal).__switchboardTerminal?.cols === cols, before.cols)
  })

  it('keeps each pane’s screen and scrollback across switches', async () => {
    await typeLine(page, 'seq 1 300')
    await waitForLine(page, '300')

    const second = await newPaneThroughUi(page, 'shell')
    paneIds.push(second)
    await waitForLine(page, /\S/)
    await typeLine(page, 'echo second-pane-$((6*7))')
    await waitForLine(page, 'second-pane-42')
    expect(await bufferLines(page)).not.toContain('hello')

    const [first] = paneIds as [string]
    await selectPane(page, first)
    const lines = await bufferLines(page)
    expect(lines.some((l) => l.endsWith('echo hello'))).toBe(true)
    expect(lines).toContain('hello')
    expect(lines).toContain('1') // scrollback restored, not just the visible page
    expect(lines).toContain('300')
    expect(lines).not.toContain('second-pane-42')

    await selectPane(page, second)
    const secondLines = await bufferLines(page)
    expect(secondLines).toContain('second-pane-42')
    expect(secondLines).not.toContain('hello')
    await page.screenshot({ path: join(ARTIFACTS, 'browser-board.png') })
  })

  it('a killed pane keeps its final screen, read-only, until it is removed', async () => {
    const [first, second] = paneIds as [string, string]
    await selectPane(page, first)
    await page.getByTestId('pane-header-close').click() // Kill
    await page.locator(`[data-testid="pane-item"][data-pane-id="${first}"][data-state="exited"]`).waitFor()
    await expect(page.getByTestId('pane-header-close').textContent()).resolves.toContain('Remove')

    await selectPane(page, second)
    await selectPane(page, first) // re-attached after the exit: the final screen comes back
    expect(await bufferLines(page)).toContain('hello')
    await page.screenshot({ path: join(ARTIFACTS, 'browser-exited.png') })

    await page.getByTestId('pane-header-close').click() // Remove
    await page.locator(`[data-testid="pane-item"][data-pane-id="${first}"]`).waitFor({ state: 'detached' })
    await waitForAttached(page, second)
  })

  it('stopping the board ends every pane and leaves no process behind', async () => {
    await newPaneThroughUi(page, 'command', 'sleep 600')
    expect(processesOfBoard(board.runtimeDir).length).toBeGreaterThanOrEqual(2)
    expect(await board.stop()).toBe(0)
    await page.getByTestId('connection-banner').waitFor()
    await page.screenshot({ path: join(ARTIFACTS, 'browser-disconnected.png') })
    expect(processesOfBoard(board.runtimeDir)).toEqual([])
  })
})
