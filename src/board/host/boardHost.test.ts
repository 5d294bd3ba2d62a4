import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
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

  // Issue 24.4: any program of the user can read a pane's SWITCHBOARD_REPORT_TOKEN from
  // /proc/PID/environ; pane 2 posted a forged PermissionRequest as pane 54 with it.
  it('takes a pane’s report token only from a process of that pane: another pane, this process and a sender gone before it is looked up are refused', async () => {
    const d = dirs()
    const h = await host(d, [])
    const claude = { agent: 'claude', payload: 'hook' } as const
    const body = JSON.stringify({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', session_id: 's1' })
    const post = (url: string, token: string) =>
      `fetch(${JSON.stringify(url)}, { method: 'POST', headers: { 'content-type': 'application/json', 'x-switchboard-token': ${JSON.stringify(token)} }, body: ${JSON.stringify(body)} }).then((r) => console.log('STATUS', r.status))`
    const victim = h.board.create({ command: ['sleep', '60'], title: 'victim' })
    const reg = h.reports.register(victim.id, claude)
    // Another pane posts with the victim's token, as if read from the victim's environment.
    const thief = h.board.get(h.board.create({ command: [process.execPath, '-e', post(reg.url, reg.token)], title: 'thief' }).id)
    expect(await eventually(async () => /STATUS (\d+)/.exec(await screenText(thief))?.[1], 'the thief’s answer')).toBe('401')
    // This test process is in no pane at all: refused as well.
    const outside = await fetch(reg.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-switchboard-token': reg.token }, body })
    expect(outside.status).toBe(401)
    // A sender that writes its report and closes at once leaves no process to check: not waved through.
    const { port, pathname } = new URL(reg.url)
    const { connect } = await import('node:net')
    await new Promise<void>((resolve) => {
      const s = connect(Number(port), '127.0.0.1', () => {
        s.write(
          `POST ${pathname} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nx-switchboard-token: ${reg.token}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          () => {
            s.destroy()
            resolve()
          },
        )
      })
    })
    await eventually(() => (h.reports.paneStats(victim.id)?.rejected['outside-pane'] === 3 ? true : undefined), 'three refusals counted')
    expect(h.reports.paneStats(victim.id)?.accepted).toBe(0)
    expect(h.board.info(victim.id).lastReport).toBeNull()
    // From inside its own pane (a child of the pane's root, as an agent's hook runs), the token works.
    const file = join(d.config, 'own-report.json')
    const script = join(d.config, 'post.js')
    writeFileSync(
      script,
      `const { url, token } = JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8')); ${post('URL', 'TOKEN').replace('"URL"', 'url').replace('"TOKEN"', 'token')}`,
    )
    const own = h.board.get(
      h.board.create({ command: ['sh', '-c', `until [ -s ${file} ]; do sleep 0.05; done; ${process.execPath} ${script}; sleep 5`], title: 'own' }).id,
    )
    const ownReg = h.reports.register(own.id, claude)
    writeFileSync(file, JSON.stringify({ url: ownReg.url, token: ownReg.token }))
    expect(await eventually(async () => /STATUS (\d+)/.exec(await screenText(own))?.[1], 'the pane’s own answer')).toBe('200')
  })

  it('refuses to start on a data dir another board holds (issue 24.11)', async () => {
    const d = dirs()
    await host(d, [])
    const other = { ...dirs(), data: d.data }
    await expect(host(other, [])).rejects.toThrow(`the saved workspace ${join(d.data, WORKSPACE_FILE)} is in use by another board`)
  })
})
