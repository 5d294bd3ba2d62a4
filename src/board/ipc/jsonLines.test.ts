import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jsonLine, lineSplitter, readLines, rpcOverSocket } from './jsonLines'

describe('newline-delimited JSON framing', () => {
  it('gives whole lines in order, whatever the chunking, and skips blank ones', () => {
    const lines: string[] = []
    const push = lineSplitter((l) => lines.push(l))
    const text = jsonLine({ a: 'x\ny' }) + '\n  \n' + jsonLine([1, 2]) + jsonLine('é')
    for (const ch of text) push(ch)
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([{ a: 'x\ny' }, [1, 2], 'é'])
    const more: string[] = []
    const whole = lineSplitter((l) => more.push(l))
    whole(text.slice(0, 7))
    expect(more).toEqual([])
    whole(text.slice(7))
    expect(more).toEqual(lines)
  })

  it('stops at a partial line longer than the cap, once', () => {
    const lines: string[] = []
    let oversized = 0
    const push = lineSplitter((l) => lines.push(l), { maxLine: 10, onOversized: () => oversized++ })
    push('short\n' + 'x'.repeat(11))
    push('\nafter\n')
    expect(lines).toEqual(['short'])
    expect(oversized).toBe(1)
  })
})

describe('over a real socket', () => {
  let dir = ''
  let server: Server | undefined
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'sb-jsonl-'))))
  afterEach(() => {
    server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  function pair(onServer: (socket: Socket) => void): Promise<Socket> {
    const path = join(dir, 'board.sock')
    server = createServer(onServer)
    return new Promise((resolve) => server!.listen(path, () => resolve(connect(path))))
  }

  it('a multi-byte character split between writes arrives whole', async () => {
    const got: string[] = []
    const done = new Promise<void>(
      (resolve) =>
        void pair((s) => {
          const bytes = Buffer.from(jsonLine('ü→€'))
          s.write(bytes.subarray(0, 3))
          setTimeout(() => s.end(bytes.subarray(3)), 20)
        }).then((client) => readLines(client, (l) => (got.push(l), resolve()))),
    )
    await done
    expect(JSON.parse(got[0]!)).toBe('ü→€')
  })

  it('an RPC client answered with a line that is not JSON fails its call instead of hanging', async () => {
    const client = await pair((s) => readLines(s, () => s.write('<html>nope</html>\n')))
    const rpc = rpcOverSocket(client)
    client.on('error', () => {})
    client.on('close', () => rpc.close('closed'))
    await expect(rpc.invoke('board:info')).rejects.toThrow()
    expect(client.destroyed).toBe(true)
  })
})
