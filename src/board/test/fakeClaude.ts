import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A folder with a `claude` that runs the stand-in of the answer tests (src/board/answer/fakeClaude.cjs:
 * real Claude Code screens, a permission dialog on demand); put it first on a pane's PATH. Removed
 * after the file's tests.
 */
export function fakeClaudeBin(prefix: string): string {
  const fake = resolve(__dirname, '../answer/fakeClaude.cjs')
  const bin = mkdtempSync(join(tmpdir(), prefix))
  writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec "${process.execPath}" "${fake}"\n`)
  chmodSync(join(bin, 'claude'), 0o755)
  afterAll(() => rmSync(bin, { recursive: true, force: true }))
  return bin
}
