import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../util/log'
import { eventually, savedPane, screenText } from '../test/support'
import { bindReadOnly, canMount } from '../test/mounts'
import { WorkspaceDb, WORKSPACE_FILE } from '../workspace/workspaceDb'
import { SettingsStore } from '../settings/settingsStore'
import { startBoardHost, type BoardHost } from './boardHost'

const cleanups: (() => void | Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function dirs(): { runtime: string; data: string; config: string } {
  const base = mkdtempSync(join(tmpdir(), 'sb-host-'))
  cleanups.push(() => rmSync(base, { recursive: true, force: true }))
  const d = { runtime: join(base, 'run'), data: join(base, 'data'), config: join(base, 'config') }
  for (const dir of Object.values(d)) mkdirSync(dir, { mode: 0o700 })
  return d
}

async function host(d: ReturnType<typeof dirs>, lines: string[]): Promise<BoardHost> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SWITCHBOARD_RUNTIME_DIR: d.runtime,
    SWITCHBOARD_DATA_DIR: d.data,
    SWITCHBOARD_CONFIG_DIR: d.config,
  }
  const h = await startBoardHost({
    mode: 'browser',
    log: createLogger('info', (l) => lines.push(l)),
    env,
    defaultCwd: tmpdir(),
    settings: new SettingsStore(d.config),
  })
  cleanups.push(async () => void (await h.shutdown()))
  return h
}

describe('the board host and its saved workspace', () => {
  it.runIf(canMount)('on a read-only data mount runs without saving and says so; the workspace there is left as it was (issue 24.13)', async () => {
    const d = dirs()
    const { db } = WorkspaceDb.open(d.data)
    db.savePane(savedPane('1'))
    db.close()
    const before = readdirSync(d.data).sort()
    cleanups.push(bindReadOnly(d.data))
    const lines: string[] = []
    const h = await host(d, lines)
    const info = h.info().workspace
    expect(info?.path).toBe(join(d.data, WORKSPACE_FILE))
    expect(info?.problem).toMatch(/cannot be written .*; it was left as it is, and this board runs without saving its panes$/)
    expect(lines.some((l) => l.startsWith('[switchboard error] the saved workspace') && l.includes('runs without saving'))).toBe(true)
    // The board works: a pane runs.
    const pane = h.board.get(h.board.create({ command: ['sh', '-c', 'echo still-serving; sleep 5'] }).id)
    await eventually(async () => (await screenText(pane)).includes('still-serving'), 'the pane to run')
    expect(readdirSync(d.data).sort()).toEqual(before)
  })

  it('refuses to start on a data dir another board holds (issue 24.11)', async () => {
    const d = dirs()
    await host(d, [])
    const other = { ...dirs(), data: d.data }
    await expect(host(other, [])).rejects.toThrow(`the saved workspace ${join(d.data, WORKSPACE_FILE)} is in use by another board`)
  })
})
