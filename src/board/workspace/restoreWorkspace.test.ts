import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually, waitForState } from '../test/support'
import { storeBoards } from './storeBoards'

const boards = storeBoards()
const { tempDir, boardOn } = boards
afterEach(() => boards.cleanup())

describe('resumeOnStart: the interrupted panes a start resumes by itself', () => {
  it('after a quit, resumes the interrupted shell by itself when the setting says so', async () => {
    const dir = tempDir()
    const first = boardOn(dir)
    const info = first.board.create({ command: ['bash', '--norc'] })
    await waitForState(first.board.get(info.id), 'idle')
    await first.store.close()
    await first.board.shutdown()
    const second = boardOn(dir, true)
    await eventually(() => second.board.list()[0]?.pid, 'the shell to be resumed at start')
    expect(second.board.list()[0]!.id).toBe(info.id)
    expect(second.board.list()[0]!.interrupted).toBeUndefined()
  })

  it('with resume on start, leaves a script run by a shell interrupted: it ran once (issue 24.8)', async () => {
    const dir = tempDir()
    const log = join(dir, 'ran.log')
    const first = boardOn(dir)
    const script = first.board.create({ command: ['bash', '-c', `echo RAN >> ${log}; exec sleep 1000`] })
    const shell = first.board.create({ command: ['bash', '--norc'] })
    // Not there until the script has run: a read before that is "not yet", not a failure (it failed so beside two hogs).
    await eventually(() => existsSync(log) && readFileSync(log, 'utf8').includes('RAN'), 'the script to run')
    await waitForState(first.board.get(shell.id), 'idle')
    await first.store.close()
    await first.board.shutdown()
    const second = boardOn(dir, true)
    // The shell comes back by itself; once it runs, the start's resumes have all been tried.
    await eventually(() => second.board.list().find((p) => p.id === shell.id && p.interrupted === undefined && p.pid), 'the shell to be resumed at start')
    expect(second.board.list().find((p) => p.id === script.id)?.interrupted).toMatchObject({ resume: { kind: 'rerun' } })
    expect(readFileSync(log, 'utf8')).toBe('RAN\n')
  })
})
