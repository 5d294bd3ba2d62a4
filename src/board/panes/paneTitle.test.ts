import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually, testBoard } from '../test/support'

const root = mkdtempSync(join(tmpdir(), 'sb-title-'))
const work = join(root, 'shop')
mkdirSync(work)
let board = testBoard({ trackChanges: false })
afterEach(async () => {
  await board.shutdown()
  board = testBoard({ trackChanges: false })
})

describe('a pane without a title of its own', () => {
  it('is named after its first prompt, not the folder its agent titles it with (Codex before its thread title)', async () => {
    // Codex titles the terminal `<dir>` until its thread has a title.
    const info = board.create({ command: ['bash', '-c', 'printf "\\033]0;shop\\007"; sleep 30'], cwd: work }, { agent: 'codex' })
    const pane = board.get(info.id)
    await eventually(() => pane.screen().title === 'shop', 'the folder title')
    expect(pane.title).toBe('bash')
    board.deliverReport({
      paneId: info.id,
      agent: 'codex',
      event: 'UserPromptSubmit',
      payload: { prompt: 'Fix the login form\nand its tests', turn_id: 't1' },
      receivedAt: 1,
    })
    expect(pane.title).toBe('Fix the login form and its tests')
    // Only the first prompt names it.
    board.deliverReport({
      paneId: info.id,
      agent: 'codex',
      event: 'UserPromptSubmit',
      payload: { prompt: 'Now the signup form', turn_id: 't2' },
      receivedAt: 2,
    })
    expect(pane.info().title).toBe('Fix the login form and its tests')
  })

  it('a shell keeps its folder title', async () => {
    const info = board.create({ command: ['bash', '-c', 'printf "\\033]0;shop\\007"; sleep 30'], cwd: work })
    const pane = board.get(info.id)
    await eventually(() => pane.screen().title === 'shop', 'the folder title')
    board.deliverReport({ paneId: info.id, agent: 'codex', event: 'UserPromptSubmit', payload: { prompt: 'Fix it' }, receivedAt: 1 })
    expect(pane.title).toBe('shop')
  })

  it("keeps the agent's session title once it has one", async () => {
    const info = board.create({ command: ['bash', '-c', 'printf "\\033]0;Harness task 1 | shop\\007"; sleep 30'], cwd: work }, { agent: 'codex' })
    const pane = board.get(info.id)
    await eventually(() => pane.screen().title.startsWith('Harness'), 'the session title')
    board.deliverReport({ paneId: info.id, agent: 'codex', event: 'UserPromptSubmit', payload: { prompt: 'Fix it' }, receivedAt: 1 })
    expect(pane.title).toBe('Harness task 1 | shop')
  })
})

process.on('exit', () => rmSync(root, { recursive: true, force: true }))
