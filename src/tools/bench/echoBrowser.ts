/**
 * A keystroke's echo in a browser client while 20 panes redraw (issue 20): a real detached daemon
 * and its pty host (out/main/daemon.js beside this bundle, started by the real CLI in a private
 * runtime dir), Debian's Chromium on the board's own page, the selected pane a `cat` at the
 * kernel's line discipline (which echoes). Each key goes in through the page's terminal
 * (`Terminal.input`, as typing does, so the board's whole path is measured: the page, its
 * WebSocket, the daemon, the pty host, the PTY and back) and is timed in the page until the
 * terminal has parsed its echo, and until it has drawn it.
 */
import { execFile } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fmt, median, percentile } from './stats'
import { benchEnv, onCleanup, sleep, tempDir } from './support'
import { makeFrames, redrawArgv } from './redraw'
import { type Row, targetRow } from './table'

const SECTION = 'A keystroke echo in a browser client (Chromium, the board’s page) while 20 panes redraw every 100 ms'
const CHROMIUM = '/usr/bin/chromium'

export interface EchoOptions {
  readonly busyPanes: number
  readonly keys: number
}

function cli(env: NodeJS.ProcessEnv, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [join(__dirname, 'cli.js'), ...args], { env, encoding: 'utf8', timeout: 60_000 }, (err, out, errOut) =>
      err ? reject(new Error(`switchboard ${args.join(' ')} failed: ${errOut || err.message}`)) : resolve(out),
    ),
  )
}

/** Runs in the page: `keys` keys, each timed until its echo is parsed and drawn, 40 to a line. */
async function probe(keys: number): Promise<{ parsed: number[]; drawn: number[]; missed: number }> {
  interface Term {
    input(data: string, wasUserInput?: boolean): void
    onWriteParsed(cb: () => void): { dispose(): void }
    onRender(cb: () => void): { dispose(): void }
    buffer: { active: { cursorY: number; baseY: number; getLine(y: number): { translateToString(trim: boolean): string } | undefined } }
  }
  const term = (globalThis as unknown as { __switchboardTerminal?: Term }).__switchboardTerminal
  if (!term) throw new Error('no terminal in the page')
  const parsed: number[] = []
  const drawn: number[] = []
  let missed = 0
  let line = ''
  const row = () => term.buffer.active.getLine(term.buffer.active.baseY + term.buffer.active.cursorY)?.translateToString(true) ?? ''
  for (let i = 0; i < keys; i++) {
    if (line.length >= 40) {
      term.input('\r', true)
      line = ''
      await new Promise((r) => setTimeout(r, 300))
    }
    const key = String.fromCharCode(97 + (i % 26))
    line += key
    const want = line
    const t0 = performance.now()
    const result = await new Promise<{ parsed: number; drawn: number } | null>((resolve) => {
      let parsedAt = 0
      const timer = setTimeout(() => done(null), 2000)
      const onParsed = term.onWriteParsed(() => {
        if (!parsedAt && row().endsWith(want)) parsedAt = performance.now() - t0
      })
      const onRender = term.onRender(() => {
        if (parsedAt) done({ parsed: parsedAt, drawn: performance.now() - t0 })
      })
      function done(r: { parsed: number; drawn: number } | null) {
        clearTimeout(timer)
        onParsed.dispose()
        onRender.dispose()
        resolve(r)
      }
      term.input(key, true)
    })
    if (result) {
      parsed.push(result.parsed)
      drawn.push(result.drawn)
    } else missed++
    // Keys at a typist's pace, not in lockstep with the redraws.
    await new Promise((r) => setTimeout(r, 60 + Math.random() * 80))
  }
  return { parsed, drawn, missed }
}

export async function benchEchoBrowser(opts: EchoOptions): Promise<Row[]> {
  const skip = (why: string): Row[] => [{ section: SECTION, name: 'skipped', value: '—', detail: why }]
  if (!existsSync(CHROMIUM)) return skip(`${CHROMIUM} is not installed (apt-get install chromium)`)
  let playwright: typeof import('playwright-core')
  try {
    // Loaded where it is installed, not bundled: it finds its own files beside it.
    playwright = createRequire(__filename)('playwright-core') as typeof import('playwright-core')
  } catch (err) {
    return skip(`playwright-core could not be loaded (a dev dependency: npm ci): ${err instanceof Error ? err.message : String(err)}`)
  }
  const base = tempDir('echo')
  const dirs = { SWITCHBOARD_RUNTIME_DIR: join(base, 'run'), SWITCHBOARD_DATA_DIR: join(base, 'data'), SWITCHBOARD_CONFIG_DIR: join(base, 'config') }
  const env = { ...benchEnv(dirs), SWITCHBOARD_SOCKET: '' } as NodeJS.ProcessEnv
  const stop = onCleanup(async () => void (await cli(env, ['quit']).catch(() => undefined)))
  const framesFile = join(base, 'frames.bin')
  writeFileSync(framesFile, makeFrames().join('\0'))
  let browser: import('playwright-core').Browser | null = null
  try {
    await cli(env, ['daemon', '--detach', '--cwd', base])
    for (let i = 0; i < opts.busyPanes; i++) await cli(env, ['spawn', '--', ...redrawArgv(framesFile)])
    const id = (await cli(env, ['spawn', '--', 'cat'])).trim()
    const url = (await cli(env, ['open', '--print'])).trim()
    browser = await playwright.chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    })
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await page.goto(url)
    await page.locator(`[data-testid="pane-item"][data-pane-id="${id}"] .pane-item__main`).click()
    await page.locator(`[data-testid="terminal"][data-pane-id="${id}"][data-attached="true"]`).waitFor({ timeout: 30_000 })
    await page.waitForFunction(() => (globalThis as unknown as { __switchboardTerminal?: unknown }).__switchboardTerminal !== undefined)
    // The page, the board and the redraws in their steady state before the keys.
    await sleep(3000)
    const { parsed, drawn, missed } = await page.evaluate(probe, opts.keys)
    const detail = `${parsed.length} keys (${missed} not echoed within 2 s), ${opts.busyPanes} panes redrawing; parsed in the page: median ${fmt(median(parsed), 1)} / p95 ${fmt(percentile(parsed, 95), 1)} ms`
    return [
      targetRow(
        SECTION,
        'key → its echo drawn in the page, p95 ms',
        percentile(drawn, 95),
        fmt(percentile(drawn, 95), 1),
        { limit: 30, atLeast: false, label: '≤ 30' },
        detail,
      ),
      { section: SECTION, name: 'key → its echo drawn in the page, median ms', value: fmt(median(drawn), 1) },
    ]
  } finally {
    await browser?.close().catch(() => undefined)
    await stop()
  }
}
