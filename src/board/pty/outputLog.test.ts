import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { OutputLog, OutputLogConstants, readOutputLog, sweepOutputLogs } from './outputLog'

const dirs: string[] = []
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sb-outlog-'))
  dirs.push(d)
  return join(d, 'key-1')
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const bytes = (n: number, c = 'x') => Buffer.from(c.repeat(n))

describe('OutputLog', () => {
  it('gives back every byte from any offset, across its files, as a board killed mid-output needs', () => {
    const d = dir()
    const log = new OutputLog(d, 0, () => undefined)
    const chunk = 100 * 1024
    for (let i = 0; i < 6; i++) log.append(bytes(chunk, String(i)))
    log.close()
    const saved = readOutputLog(d)
    expect([saved.start, saved.end]).toEqual([0, 6 * chunk])
    expect(readdirSync(d).length).toBeGreaterThan(1)
    expect(saved.bytes(5 * chunk - 3).toString()).toBe('444' + '5'.repeat(chunk))
    expect(saved.bytes(6 * chunk).length).toBe(0)
  })

  it('lets whole files go once a saved screen covers them, and keeps at most its bound', () => {
    const d = dir()
    const log = new OutputLog(d, 500, () => undefined)
    const file = OutputLogConstants.FileBytes
    for (let i = 0; i < 3; i++) log.append(bytes(file))
    log.checkpoint(500 + 2 * file + 10)
    expect(readOutputLog(d).start).toBe(500 + 2 * file)
    for (let i = 0; i < 40; i++) log.append(bytes(file / 2))
    const saved = readOutputLog(d)
    expect(saved.end - saved.start).toBeLessThanOrEqual(OutputLogConstants.MaxBytes)
    expect(saved.end).toBe(500 + 3 * file + 20 * file)
    log.remove()
    expect(readOutputLog(d)).toMatchObject({ start: 0, end: 0 })
  })

  it('keeps its bound over the files a takeover found, taking over the listing it read them from', () => {
    const d = dir()
    const first = new OutputLog(d, 0, () => undefined)
    const file = OutputLogConstants.FileBytes
    const full = OutputLogConstants.MaxBytes / file
    for (let i = 0; i < full; i++) first.append(bytes(file, String(i % 10)))
    first.close()
    const saved = readOutputLog(d)
    const next = new OutputLog(d, saved.end, () => undefined, saved)
    next.append(bytes(file, 'z'))
    next.close()
    const after = readOutputLog(d)
    expect(after.end - after.start).toBeLessThanOrEqual(OutputLogConstants.MaxBytes)
    expect(after.start).toBe(file)
    expect(after.bytes(after.end - file - 1).toString()).toBe(String((full - 1) % 10) + 'z'.repeat(file))
    // The listing it was given is the caller's: it was not changed.
    expect(saved.files.length).toBe(full)
  })

  it('goes on where the last board stopped, and begins afresh where it cannot (files lost, or not its own)', () => {
    const d = dir()
    const first = new OutputLog(d, 0, () => undefined)
    first.append(bytes(10, 'a'))
    first.close()
    const next = new OutputLog(d, 10, () => undefined)
    next.append(bytes(5, 'b'))
    next.close()
    expect(readOutputLog(d).bytes(0).toString()).toBe('aaaaaaaaaabbbbb')
    const elsewhere = new OutputLog(d, 99, () => undefined)
    elsewhere.append(bytes(2, 'c'))
    expect([readOutputLog(d).start, readOutputLog(d).end]).toEqual([99, 101])
  })

  it('says once that it cannot write, and loses nothing else (the board reads on)', () => {
    const d = dir()
    mkdirSync(join(d, '..'), { recursive: true })
    writeFileSync(d, 'a file where the folder should be')
    const warnings: string[] = []
    const log = new OutputLog(d, 0, (m) => warnings.push(m))
    log.append(bytes(3))
    log.append(bytes(3))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/could not be written down .*its screen may come back incomplete/)
  })

  it('ignores a gap: only the files that reach the newest without one count', () => {
    const d = dir()
    mkdirSync(d, { recursive: true })
    writeFileSync(join(d, '0.log'), 'old')
    writeFileSync(join(d, '50.log'), 'new')
    writeFileSync(join(d, 'junk'), 'x')
    expect([readOutputLog(d).start, readOutputLog(d).end]).toEqual([50, 53])
  })

  it('sweeps the folders of terminals no host holds', () => {
    const d = dir()
    const root = join(d, '..')
    new OutputLog(join(root, 'held'), 0, () => undefined).append(bytes(1))
    new OutputLog(join(root, 'gone'), 0, () => undefined).append(bytes(1))
    sweepOutputLogs(root, new Set(['held']))
    expect(readdirSync(root).sort()).toEqual(['held'])
  })
})
