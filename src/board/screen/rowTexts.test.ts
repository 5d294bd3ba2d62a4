import xtermHeadless from '@xterm/headless'
import { afterEach, describe, expect, it } from 'vitest'
import { prng } from '../../core/testing/prng'
import { cellLine, rowTextIs, type CellLine } from './rowTexts'

const { Terminal } = xtermHeadless
type HeadlessTerminal = InstanceType<typeof Terminal>

const open: HeadlessTerminal[] = []
afterEach(() => {
  for (const term of open.splice(0)) term.dispose()
})

async function terminal(data: string, cols = 30, rows = 6): Promise<HeadlessTerminal> {
  const term = new Terminal({ cols, rows, allowProposedApi: true, logLevel: 'off' })
  open.push(term)
  await new Promise<void>((resolve) => term.write(data, resolve))
  return term
}

function line(term: HeadlessTerminal, y: number): CellLine {
  const found = cellLine((term as unknown as { _core: unknown })._core, term.buffer.active.baseY + y)
  if (!found) throw new Error("xterm's lines are not laid out as rowTexts expects: every row would be built again")
  return found
}

function text(term: HeadlessTerminal, y: number): string {
  return term.buffer.active.getLine(term.buffer.active.baseY + y)?.translateToString(true) ?? ''
}

describe('rowTextIs', () => {
  it("finds the pinned xterm's own lines, in either buffer", async () => {
    // The alternate buffer keeps the cursor's column.
    const term = await terminal('main\x1b[?1049halternate')
    expect(rowTextIs(line(term, 0), '    alternate')).toBe(true)
    expect(rowTextIs(line(term, 0), 'main')).toBe(false)
    await new Promise<void>((resolve) => term.write('\x1b[?1049l', resolve))
    expect(rowTextIs(line(term, 0), 'main')).toBe(true)
  })

  it("agrees with xterm's translateToString on wide, combined, astral, erased and coloured cells", async () => {
    const rows = [
      'plain ascii',
      '漢字 wide 🙂 astral',
      'e\u0301 combined 👍🏽 skin',
      '\x1b[41m   \x1b[0m coloured blanks then \x1b[42m  \x1b[0m',
      'tabs\there\tand',
      '',
    ]
    const term = await terminal(rows.join('\r\n'))
    for (let y = 0; y < rows.length; y++) expect(rowTextIs(line(term, y), text(term, y)), JSON.stringify(text(term, y))).toBe(true)
  })

  it('tells a row from any other text: a changed, missing or extra character, another accent or skin tone', async () => {
    // Spaces written are cells with content; only empty cells at the end are trimmed.
    const term = await terminal('ab 👍🏽 漢 e\u0301\r\n  x   \x1b[K\r\n  y\x1b[5C')
    const row = text(term, 0)
    for (const other of [
      row.replace('a', 'b'),
      row.slice(0, -1),
      `${row} `,
      `${row}x`,
      row.replace('🏽', '🏻'),
      row.replace('\u0301', '\u0300'),
      row.replace('e\u0301', 'e'),
      '',
    ])
      expect(rowTextIs(line(term, 0), other), JSON.stringify(other)).toBe(false)
    expect(rowTextIs(line(term, 1), '  x   ')).toBe(true)
    expect(rowTextIs(line(term, 1), '  x')).toBe(false)
    expect(rowTextIs(line(term, 2), '  y')).toBe(true)
    expect(rowTextIs(line(term, 2), '  y     ')).toBe(false)
  })

  it('agrees with translateToString through random writes', async () => {
    const random = prng(7)
    const pieces = ['漢', '🙂', 'e\u0301', '👍🏽', '\x1b[K', '\x1b[2J', '\x1b[P', '\x1b[@', '\x1b[31m', '\x1b[44m', '\x1b[0m', '\r\n', ' ', 'abc']
    const term = await terminal('')
    for (let round = 0; round < 150; round++) {
      let data = ''
      for (let i = 0; i < 8; i++) {
        const r = random()
        data += r < 0.3 ? `\x1b[${1 + Math.floor(random() * 6)};${1 + Math.floor(random() * 30)}H` : pieces[Math.floor(random() * pieces.length)]
      }
      await new Promise<void>((resolve) => term.write(data, resolve))
      for (let y = 0; y < 6; y++) {
        expect(rowTextIs(line(term, y), text(term, y)), JSON.stringify(data)).toBe(true)
        expect(rowTextIs(line(term, y), `${text(term, y)}!`)).toBe(false)
      }
    }
  })
})
