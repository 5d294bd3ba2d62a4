import { afterAll, describe, expect, it } from 'vitest'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { PaneState } from '../../shared/domain/pane'
import { sharedFixture } from '../test/fixtures'
import { eventually, testBoard } from '../test/support'

// A real Claude Code recording played back in a real pane, by a program named `claude`: the live
// pane must recognise the agent and its status engine must see the dialogs on the emulated screen.
const CAST = sharedFixture('claude/cc-120x32.cast')
// The same player the board e2e uses; with no CAST_HOLD it plays straight through.
const PLAYER = resolve(__dirname, '../../../e2e/support/castHold.cjs')
const bin = mkdtempSync(join(tmpdir(), 'sb-agent-bin-'))
writeFileSync(join(bin, 'claude'), `#!/bin/sh\nstty raw -echo\nexec "${process.execPath}" "${PLAYER}" "$CAST"\n`)
chmodSync(join(bin, 'claude'), 0o755)
afterAll(() => rmSync(bin, { recursive: true, force: true }))

describe('a recorded agent in a live pane', () => {
  it('is recognised as claude and goes through blocked and question from its screen alone', async () => {
    const board = testBoard()
    try {
      const info = board.create({ command: ['claude'], env: { PATH: `${bin}:${process.env.PATH}`, CAST }, cols: 120, rows: 32 })
      const pane = board.get(info.id)
      expect(pane.agent).toBe('claude')
      const seen: PaneState[] = []
      pane.onDidChangeState((change) => seen.push(change.info.verdict.state))
      await eventually(() => pane.exit, 'the recording to end', 60_000)
      expect(seen).toContain('blocked')
      expect(seen).toContain('question')
      expect(seen).toContain('working')
      expect(seen.at(-1)).toBe('exited')
      const explanation = pane.explain()
      expect(explanation.agent).toBe('claude')
      expect(explanation.rules.length).toBeGreaterThan(0)
    } finally {
      await board.shutdown()
    }
  }, 90_000)
})
