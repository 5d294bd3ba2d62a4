import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ScreenView } from '../../../core/rules/ruleTypes'

/**
 * Real screens for tests: the visible rows of a fixture recording replayed through
 * @xterm/headless up to the time named in each file's first line (copied from ../shared/fixtures
 * so unit tests run without it). `# title:` is the window title at that moment.
 */
export function realScreen(name: string): ScreenView {
  const text = readFileSync(join(__dirname, `${name}.screen.txt`), 'utf8')
  const rows = text.split('\n')
  const titleLine = rows[1] ?? ''
  const lines = rows.slice(2, rows.length - 1)
  return { lines, title: titleLine.replace(/^# title: ?/, ''), alternate: (rows[0] ?? '').includes('alternate screen') }
}
