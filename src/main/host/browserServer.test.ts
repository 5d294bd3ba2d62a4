import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { RpcClient } from '../../shared/ipc/rpcClient'
import type { ServerMessage } from '../../shared/ipc/wire'
import { testBoard } from '../test/support'
import { silentLogger } from '../util/log'
import { BrowserServer } from './browserServer'

const board = testBoard()
let server: BrowserServer
let base: string

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sb-renderer-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>board</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(tmpdir(), 'secret-outside.txt'), 'secret')
  server = await BrowserServer.listen({ board, info: () => ({ version: 't', mode: 'browser', socketPath: null }), log: silentLogger, rendererDir: dir })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(async () => {
  await server.close()
  await board.shutdown()
})

const get = (path: string, cookie?: string) => fetch(base + path, { redirect: 'manual', headers: cookie ? { cookie } : {} })

function openWs(headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers })
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

describe('browser mode access control', () => {
  it('refuses every request without the token, with a wrong one, or with a wrong cookie', async () => {
    const before = server.refused
    for (const path of ['/', '/index.html', '/assets/app.js', '/?token=wrong']) expect((await get(path)).status).toBe(401)
    expect((await get('/', 'switchboard_token=wrong')).status).toBe(401)
    expect(server.refused - before).toBe(5)
  })

  it('trades the token in the URL for an HttpOnly SameSite cookie and drops it from the address', async () => {
    const res = await get(`/?token=${server.token}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/')
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const page = await get('/', cookie.split(';')[0])
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await page.text()).toContain('<title>board</title>')
  })

  it('serves nothing outside the renderer folder', async () => {
    const cookie = `switchboard_token=${server.token}`
    expect((await get('/..%2fsecret-outside.txt', cookie)).status).toBe(404)
    expect((await get('/assets/..%2f..%2fsecret-outside.txt', cookie)).status).toBe(404)
    expect((await get('/assets/app.js', cookie)).status).toBe(200)
  })

  it('refuses WebSockets without the cookie or from another origin, and carries the contract with them', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    await expect(openWs({ origin })).rejects.toThrow(/401/)
    await expect(openWs({ origin: 'http://evil.example', cookie: `switchboard_token=${server.token}` })).rejects.toThrow(/401/)
    const ws = await openWs({ origin, cookie: `switchboard_token=${server.token}` })
    const client = new RpcClient((msg) => ws.send(JSON.stringify(msg)))
    ws.on('message', (data) => client.receive(JSON.parse(data.toString()) as ServerMessage))
    // Garbage first: it is dropped, and the connection still works.
    ws.send('not json')
    ws.send(JSON.stringify({ t: 'invoke', id: 'x', channel: 'pane:list' }))
    await expect(client.invoke('pane:get', '77')).rejects.toThrow(/no pane 77/)
    await expect(client.invoke('pane:resize', '1', -1, 5)).rejects.toMatchObject({ code: 'invalid' })
    expect(await client.invoke('pane:list')).toEqual([])
    ws.close()
  })
})
