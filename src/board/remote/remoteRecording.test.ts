import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { catCommand, countRecording, remoteRecordingFiles, removeCommand, shellQuote } from './remoteRecording'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('recording a pane of another machine (the files there)', () => {
  it('records in the data folder of the board there, beside its workspace, under a name that says whose', () => {
    expect(remoteRecordingFiles('/home/u/.local/share/switchboard/workspace.db', '7', '2026-12-02T16-50-00-000Z')).toEqual({
      cast: '/home/u/.local/share/switchboard/remote-recording-pane7-2026-12-02T16-50-00-000Z.cast',
      hooks: '/home/u/.local/share/switchboard/remote-recording-pane7-2026-12-02T16-50-00-000Z.hooks.jsonl',
      process: '/home/u/.local/share/switchboard/remote-recording-pane7-2026-12-02T16-50-00-000Z.process.jsonl',
    })
    // A stamp is never a path or a word of the shell.
    expect(remoteRecordingFiles('/d/workspace.db', '1', "../x'y z").cast).toBe('/d/remote-recording-pane1----x-y-z.cast')
    expect(() => remoteRecordingFiles('workspace.db', '1', 's')).toThrow(/no absolute data folder/)
  })

  it('quotes a path as one word for a real sh, whatever it holds', () => {
    for (const word of [`plain`, `it's`, `a b`, `$HOME`, `"; rm -rf x; '`, `back\\slash`, `new\nline`, ``]) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(word)}`], { encoding: 'utf8' })).toBe(word)
    }
  })

  it('fetches a file with cat and removes the three files, run by a real sh', () => {
    const dir = mkdtempSync(join(tmpdir(), "sb-rec it's-"))
    dirs.push(dir)
    const files = remoteRecordingFiles(join(dir, 'workspace.db'), '3', 'now')
    writeFileSync(files.cast, 'cast\u00e9\n')
    writeFileSync(files.hooks, '')
    writeFileSync(files.process, '{}\n')
    writeFileSync(join(dir, 'workspace.db'), 'keep')
    expect(execFileSync('sh', ['-c', catCommand(files.cast)], { encoding: 'utf8' })).toBe('cast\u00e9\n')
    execFileSync('sh', ['-c', removeCommand(files)])
    expect(readdirSync(dir)).toEqual(['workspace.db'])
  })

  it('counts a fetched recording whose summary the board there no longer has', () => {
    const cast = ['{"version":2,"width":80,"height":24}', '[0.1,"o","$ "]', '[2.5,"i","x"]', '[3.25,"m","state:idle"]', '[3.3,"o', ''].join('\n')
    expect(countRecording(cast, '{"t":1,"event":"Stop","payload":{}}\n\n')).toEqual({ seconds: 3.25, events: 4, reports: 1 })
    expect(countRecording('', '')).toEqual({ seconds: 0, events: 0, reports: 0 })
  })
})
