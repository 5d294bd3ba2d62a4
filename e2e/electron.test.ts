/**
 * The same flow as the browser test, in the real Electron app through Playwright's Electron
 * support. It needs Electron's binary, which is downloaded on first launch; where it is absent
 * (as on machines without internet) the test says so and is reported as skipped, never passed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { newPaneThroughUi, selectPane, typeLine } from './support/boardUi'
import { ensureBuilt, processesOfBoard, ROOT } from './support/boardServer'
import { bufferLines, waitForLine } from './support/terminalProbe'

/** The installed Electron binary, without triggering its download; null when absent. */
function electronBinary(): string | null {
  const pkg = dirname(require.resolve('electron/package.json'))
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

const binary = electronBinary()
const ABSENT = 'Electron binary absent (node_modules/electron/dist was never downloaded: no internet here); run where it can be downloaded'
if (!binary) console.warn(`SKIPPED e2e/electron.test.ts: ${ABSENT}`)

describe('Electron app', () => {
  let app: ElectronApplication | undefined
  const base = mkdtempSync(join(tmpdir(), 'switchboard-electron-'))
  afterAll(async () => {
    await app?.close()
    rmSync(base, { recursive: true, force: true })
  })

  it('runs a bash pane, keeps screens across switches, and leaves nothing behind', async (ctx) => {
    if (!binary) return ctx.skip(ABSENT)
    ensureBuilt()
    const runtime = join(base, 'run')
    mkdirSync(join(base, 'home'), { recursive: true })
    // The window is a client of the daemon; Quit with "end every pane" remembered (no dialog) ends it.
    mkdirSync(join(base, 'config'), { recursive: true })
    writeFileSync(join(base, 'config', 'settings.json'), JSON.stringify({ sessions: { onQuit: 'end' } }))
    app = await electron.launch({
      executablePath: binary,
      args: [ROOT, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: {
        ...process.env,
        SWITCHBOARD_RUNTIME_DIR: runtime,
        SWITCHBOARD_CONFIG_DIR: join(base, 'config'),
        SWITCHBOARD_DATA_DIR: join(base, 'data'),
        SHELL: '/bin/bash',
        HOME: join(base, 'home'),
      },
    })
    const page: Page = await app.firstWindow()
    await page.getByTestId('empty-state').waitFor()
    // The renderer is sandboxed: no Node in the page.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined')

    const first = await newPaneThroughUi(page, 'shell')
    await waitForLine(page, /\S/)
    await typeLine(page, 'echo hello')
    await waitForLine(page, 'hello')
    const second = await newPaneThroughUi(page, 'shell')
    await typeLine(page, 'echo second-$((6*7))')
    await waitForLine(page, 'second-42')
    await selectPane(page, first)
    expect(await bufferLines(page)).toContain('hello')
    await selectPane(page, second)
    expect(await bufferLines(page)).toContain('second-42')
    mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true })
    await page.screenshot({ path: join(ROOT, 'e2e/artifacts/electron-board.png') })

    await app.close()
    app = undefined
    // Quit stopped the daemon (it waits until the daemon's process is gone) and with it every pane.
    expect(existsSync(join(runtime, 'daemon.pid'))).toBe(false)
    expect(processesOfBoard(runtime)).toEqual([])
  })
})
