import { describe, expect, it } from 'vitest'
import xtermHeadless from '@xterm/headless'
import { CountClamp } from '../../core/terminal/countClamp'

const { Terminal } = xtermHeadless

async function screenAfter(data: string): Promise<string> {
  const term = new Terminal({ cols: 40, rows: 10, scrollback: 100, allowProposedApi: true, logLevel: 'off' })
  await new Promise<void>((resolve) => term.write(data, resolve))
  const b = term.buffer.active
  const lines: string[] = []
  for (let y = 0; y < b.length; y++) lines.push(b.getLine(y)?.translateToString(true) ?? '')
  const out = `${lines.join('\n')}\ncursor ${b.cursorX},${b.cursorY}`
  term.dispose()
  return out
}

describe('CountClamp against the real xterm', () => {
  it('changes no screen: each clamped sequence leaves xterm exactly where the unclamped one does', async () => {
    const fill = Array.from({ length: 12 }, (_, i) => `line ${i} ${'abcdefghij'.repeat(3)}`).join('\r\n')
    // Counts large enough to exceed the 40x10 screen, small enough for xterm to run unclamped.
    for (const seq of ['3000S', '3000T', '3000L', '3000M', '3000@', '3000P', '3000X', '3000E', '3000F', '3000I', '3000Z', '300 @', '300 A', "300'}", "300'~"]) {
      const data = `${fill}\x1b[5;7H\x1b[${seq}z`
      const clamped = new CountClamp({ cols: 40, rows: 10 }).write(data)
      expect(clamped).not.toBe(data)
      expect(await screenAfter(clamped), seq).toBe(await screenAfter(data))
    }
  })
})
