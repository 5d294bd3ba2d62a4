import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, type Socket } from 'node:net'
import { WebSocket } from 'ws'
import { RpcClient } from '../../shared/ipc/rpcClient'
import type { ServerMessage } from '../../shared/ipc/wire'
import { testBoard } from '../test/support'
import { silentLogger } from '../util/log'
import { BrowserServer, MAX_PRE_AUTH } from './browserServer'
import { AUTH_REFUSED_CLOSE, SESSION_HASH_KEY } from '../../shared/ipc/browserLogin'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

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

/** A login as a browser makes it: the page cookie, and the session the redirect's fragment carries. */
async function login(): Promise<{ cookie: string; session: string }> {
  const res = await get(`/?token=${server.token}`)
  const session = new URLSearchParams((res.headers.get('location') ?? '').split('#')[1] ?? '').get(SESSION_HASH_KEY)!
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, session }
}

/** How a WebSocket that sent `first` as its first message ends: 'open' while it stays, else its close code. */
function afterFirstMessage(ws: WebSocket, first: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    ws.once('close', (code) => resolve(code))
    ws.send(first)
    // A connection the board took answers a call; one it refused closes first.
    ws.send(JSON.stringify({ t: 'invoke', id: 'probe', channel: 'pane:list' }))
    ws.on('message', (data) => {
      if (String(data).includes('"probe"')) resolve('open')
    })
  })
}

describe('browser mode access control', () => {
  it('refuses every request without the token, with a wrong one, or with a wrong cookie', async () => {
    const before = server.refused
    for (const path of ['/', '/index.html', '/assets/app.js', '/?token=wrong']) expect((await get(path)).status).toBe(401)
    expect((await get('/', 'switchboard_token=wrong')).status).toBe(401)
    expect(server.refused - before).toBe(5)
  })

  it('trades the token in the URL for a session in the fragment and an HttpOnly SameSite page cookie that is not the token', async () => {
    const res = await get(`/?token=${server.token}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toMatch(new RegExp(`^/#${SESSION_HASH_KEY}=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`))
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).not.toContain(server.token)
    const page = await get('/', cookie.split(';')[0])
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await page.text()).toContain('<title>board</title>')
  })

  it('serves nothing outside the renderer folder', async () => {
    const { cookie } = await login()
    expect((await get('/..%2fsecret-outside.txt', cookie)).status).toBe(404)
    expect((await get('/assets/..%2f..%2fsecret-outside.txt', cookie)).status).toBe(404)
    expect((await get('/assets/app.js', cookie)).status).toBe(200)
  })

  it('refuses WebSockets without the cookie, from another origin, or without a session first, and carries the contract with them', async () => {
    const origin = `http://127.0.0.1:${server.port}`
    const { cookie, session } = await login()
    await expect(openWs({ origin })).rejects.toThrow(/401/)
    await expect(openWs({ origin: 'http://evil.example', cookie })).rejects.toThrow(/401/)
    // The cookie alone opens no board: the first message must be a session of ours.
    expect(await afterFirstMessage(await openWs({ origin, cookie }), JSON.stringify({ t: 'invoke', id: 1, channel: 'pane:list' }))).toBe(AUTH_REFUSED_CLOSE)
    expect(
      await afterFirstMessage(await openWs({ origin, cookie }), JSON.stringify({ t: 'auth', session: session.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })),
    ).toBe(AUTH_REFUSED_CLOSE)
    expect(await afterFirstMessage(await openWs({ origin, cookie }), JSON.stringify({ t: 'auth', session: server.token }))).toBe(AUTH_REFUSED_CLOSE)
    const ws = await openWs({ origin, cookie })
    ws.send(JSON.stringify({ t: 'auth', session }))
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

  it('a page of another local user on another port gets no credential for the board from the browser (issue 24.5)', async () => {
    // What the browser sends to every port of 127.0.0.1 once logged in: cookies are not port-scoped.
    const { cookie } = await login()
    const seen: IncomingHttpHeaders[] = []
    const other = createServer((req, res) => {
      seen.push(req.headers)
      res.end()
    })
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r))
    try {
      await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/pixel.png`, { headers: { cookie } })
      const leaked = seen[0]!.cookie!.split('=').slice(1).join('=')
      // With what leaked, and the Origin it likes, the other user opens no board.
      const origin = `http://127.0.0.1:${server.port}`
      const ws = await openWs({ origin, cookie: `switchboard_view=${leaked}` })
      expect(await afterFirstMessage(ws, JSON.stringify({ t: 'auth', session: leaked }))).toBe(AUTH_REFUSED_CLOSE)
      expect(leaked).not.toBe(server.token)
    } finally {
      other.close()
    }
  })
})

/** One raw HTTP exchange: what came back before the server closed the socket (or `timeout`). */
function raw(request: string, waitMs = 2000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1')
    let got = ''
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(got + '<timeout>')
    }, waitMs)
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => (got += d))
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(got)
    })
    socket.on('error', () => undefined)
    socket.write(request)
  })
}

const upgradeRequest = (path: string, headers: Record<string, string>) =>
  `GET ${path} HTTP/1.1\r\n` +
  Object.entries({
    host: `127.0.0.1:${server.port}`,
    connection: 'Upgrade',
    upgrade: 'websocket',
    'sec-websocket-version': '13',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    ...headers,
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('') +
  '\r\n'

/** Resolves once the socket has connected, or closed without. */
const opened = (s: Socket) => new Promise<void>((r) => (s.once('connect', () => r()), s.once('close', () => r())))

async function settledConnections(): Promise<number> {
  const deadline = Date.now() + 3000
  let n = await server.connections()
  while (n > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50))
    n = await server.connections()
  }
  return n
}

describe('browser mode answers or closes every connection (issue 9, 3)', () => {
  it('closes upgrades with Origin: null, a // path or a bad Host, and leaks none of 1000', async () => {
    // Logged in over a connection that closes (a fetch would keep one open and count here).
    const answer = await raw(`GET /?token=${server.token} HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\nconnection: close\r\n\r\n`)
    const cookie = /set-cookie: ([^;]+);/i.exec(answer)![1]!
    expect(await raw(upgradeRequest('/ws', { origin: 'null', cookie }))).toMatch(/^HTTP\/1.1 40[13]/)
    expect(await raw(upgradeRequest('//', { origin: `http://127.0.0.1:${server.port}`, cookie }))).toMatch(/^HTTP\/1.1 4\d\d/)
    expect(await raw(upgradeRequest('/ws', { origin: 'http://evil.example:1', host: 'evil.example:1', cookie }))).toMatch(/^HTTP\/1.1 4\d\d/)
    const bad = [
      upgradeRequest('/ws', { origin: 'null', cookie }),
      upgradeRequest('//', { origin: 'null' }),
      upgradeRequest('/ws', { origin: '::::' }),
      upgradeRequest('//x', { origin: 'http://evil.example' }),
    ]
    const sockets: Socket[] = []
    for (let i = 0; i < 1000; i++) {
      const s = connect(server.port, '127.0.0.1')
      s.on('error', () => undefined)
      s.write(bad[i % bad.length]!)
      // The client half-closes, as a crashed tab would; the server must still close its side.
      s.end()
      sockets.push(s)
      // A hundred at a time: each batch connected (or already closed) before the next.
      if (i % 100 === 99) await Promise.all(sockets.slice(-100).map(opened))
    }
    expect(await settledConnections()).toBe(0)
    for (const s of sockets) s.destroy()
  }, 30_000)

  it('answers a malformed path with a valid cookie (/%ff) instead of hanging', async () => {
    const { cookie } = await login()
    expect(await raw(`GET /%ff HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\ncookie: ${cookie}\r\nconnection: close\r\n\r\n`)).toMatch(/^HTTP\/1.1 400/)
  })

  it('refuses a Host that is not this server (DNS rebinding), even with the token', async () => {
    const res = await raw(`GET /?token=${server.token} HTTP/1.1\r\nhost: rebind.example:${server.port}\r\nconnection: close\r\n\r\n`)
    expect(res).toMatch(/^HTTP\/1.1 421/)
    expect(res).not.toMatch(/set-cookie/i)
  })

  it('never redirects off-site when trading the token for the cookie', async () => {
    for (const path of ['/.//evil.example/', '//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/']) {
      const res = await get(`${path}?token=${server.token}`)
      if (res.status === 303) expect(res.headers.get('location')).toMatch(new RegExp(`^/#${SESSION_HASH_KEY}=[\\w.-]+$`))
      else expect(res.status).toBeGreaterThanOrEqual(400)
    }
  })

  it('drops a connection that never authenticates after the pre-auth time limit', async () => {
    const res = await raw('GET / HTTP/1.1\r\n', 8000)
    expect(res).not.toMatch(/<timeout>/)
  }, 15_000)
})

describe('browser mode under a flood of idle pre-auth sockets', () => {
  it('still serves the page to a newcomer while 200 idle sockets are held open', async () => {
    const idle: Socket[] = []
    for (let i = 0; i < 200; i++) {
      const s = connect(server.port, '127.0.0.1')
      s.on('error', () => undefined)
      idle.push(s)
    }
    // The flood has reached the server: it holds as many as it allows (and has dropped the oldest).
    await expect.poll(() => server.pendingPreAuth, { timeout: 10_000 }).toBe(MAX_PRE_AUTH)
    const res = await get('/', (await login()).cookie)
    expect(res.status).toBe(200)
    expect(server.pendingPreAuth).toBeLessThanOrEqual(64)
    for (const s of idle) s.destroy()
  })
})
