import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ControlSocket } from '../board/host/controlSocket'
import { eventually, testBoard, waitForState } from '../board/test/support'
import { silentLogger } from '../board/util/log'
import { parseCli, UsageError } from './args'
import { runCli } from './run'
import { PROTOCOL_VERSION } from '../shared/ipc/protocol'

describe('record and mark arguments', () => {
  it('parses record with and without a file, and mark', () => {
    expect(parseCli(['record', '3']).command).toEqual({ name: 'record', pane: '3' })
    expect(parseCli(['record', '3', 'bug.cast']).command).toEqual({ name: 'record', pane: '3', file: 'bug.cast' })
    expect(parseCli(['mark', '3', 'blocked']).command).toEqual({ name: 'mark', pane: '3', label: 'blocked' })
  })

  it('refuses what it cannot use, saying why', () => {
    expect(() => parseCli(['record'])).toThrow(/which pane/)
    expect(() => parseCli(['record', '3', 'bug.txt'])).toThrow(/ends in \.cast/)
    expect(() => parseCli(['mark', '3'])).toThrow(UsageError)
    expect(() => parseCli(['mark', '3', 'idle', 'extra'])).toThrow(/unexpected argument/)
    expect(() => parseCli(['recrod', '3'])).toThrow(/unknown command/)
    expect(() => parseCli(['record', '3', '--bogus'])).toThrow(/^record: unknown option --bogus$/)
    expect(() => parseCli(['mark', 'x', 'idle'])).toThrow(/not a pane id/)
  })
})

describe('switchboard record over the control socket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sb-cli-record-'))
  const board = testBoard()
  afterEach(async () => {
    await board.shutdown()
    rmSync(dir, { recursive: true, force: true })
  })

  it('records until interrupted, with the marks dropped meanwhile', async () => {
    const socketPath = join(dir, 'board.sock')
    const control = await ControlSocket.listen(
      socketPath,
      board,
      () => ({ version: 'test', mode: 'browser', socketPath, protocol: PROTOCOL_VERSION }),
      silentLogger,
      {
        paneControl: () => 'board',
        paneForToken: () => null,
        panes: () => [],
        socketPath,
      },
    )
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-i'], env: { PS1: '$ ' } })
    await waitForState(board.get(id), 'idle')
    let interrupt!: () => void
    const out: string[] = []
    const err: string[] = []
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: {}, cwd: dir, interrupted: new Promise<void>((r) => (interrupt = r)) }
    const recording = runCli(['--socket', socketPath, 'record', id, 'bug.cast'], io)
    await eventually(() => err.join('').includes('recording pane'), 'the recording to start')
    const mark = await runCli(['--socket', socketPath, 'mark', id, 'idle'], { ...io, interrupted: new Promise(() => {}) })
    expect(mark).toBe(0)
    board.write(id, 'echo recorded-words\r')
    await eventually(async () => (await board.get(id).settled(), board.get(id).screen().lines.join('\n').includes('recorded-words\n')), 'the output')
    interrupt()
    expect(await recording).toBe(0)
    expect(out.join('')).toMatch(/^recorded [\d.]+ s, \d+ events, 0 reports: .*bug\.cast .*bug\.hooks\.jsonl .*bug\.process\.jsonl\n$/)
    const cast = readFileSync(join(dir, 'bug.cast'), 'utf8')
    expect(cast).toContain('"state:idle"')
    expect(cast).toContain('recorded-words')
    expect(cast).toMatch(/"i","echo recorded-words\\r"/)
    control.dispose()
  }, 20_000)
})
