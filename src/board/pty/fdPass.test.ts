/** native/fdpass against a real Unix socket: what the pty host and the board do with it. */
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadFdPass, type FdPass } from './fdPass'
import { closeQuietly } from './passedTerminals'
import { eventually } from '../test/support'

const loaded = loadFdPass()
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

/** A listening socket, a raw client connected by the addon, and the server's side of it. */
async function pair(): Promise<{ server: Server; client: number; accepted: Socket }> {
  const dir = mkdtempSync(join(tmpdir(), 'sb-fdpass-'))
  const path = join(dir, 's.sock')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(path, resolve))
  let accepted: Socket | null = null
  server.on('connection', (s) => (accepted = s))
  const client = (loaded as FdPass).connect(path)
  cleanups.push(() => {
    closeQuietly(client)
    server.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const side = await eventually(() => accepted, 'the connection')
  return { server, client, accepted: side }
}

describe.skipIf('missing' in loaded)('native/fdpass', () => {
  const pass = loaded as FdPass

  it('hands a descriptor across, in order, close-on-exec on the receiving side', async () => {
    const { client, accepted } = await pair()
    const dir = mkdtempSync(join(tmpdir(), 'sb-fdpass-files-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const fds = ['first', 'second'].map((text) => {
      writeFileSync(join(dir, text), text)
      return openSync(join(dir, text), 'r')
    })
    const socketFd = (accepted as unknown as { _handle: { fd: number } })._handle.fd
    for (const fd of fds) pass.send(socketFd, fd)
    for (const fd of fds) closeSync(fd) // the receiver's copies stay open
    const got = pass.recv(client)
    cleanups.push(() => got.forEach(closeQuietly))
    expect(got).toHaveLength(2)
    const texts = got.map((fd) => {
      const buf = Buffer.alloc(16)
      return buf.subarray(0, readSync(fd, buf, 0, 16, 0)).toString()
    })
    expect(texts).toEqual(['first', 'second'])
    for (const fd of got) expect(parseInt(/flags:\s*([0-7]+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))![1]!, 8) & 0o2000000).not.toBe(0)
    expect(pass.recv(client)).toEqual([])
  })

  it('says what failed: no socket there, a peer gone, a descriptor that is not one', async () => {
    expect(() => pass.connect(join(tmpdir(), 'sb-no-such-dir', 's.sock'))).toThrow(/No such file or directory/)
    const { client, accepted } = await pair()
    expect(() => pass.dup(-1)).toThrow(TypeError)
    expect(() => pass.dup(1_000_000)).toThrow(/dup: Bad file descriptor/)
    accepted.destroy()
    await eventually(() => {
      try {
        pass.recv(client)
        return false
      } catch (err) {
        return /recvmsg/.test(String(err))
      }
    }, 'the closed peer to show')
  })
})
