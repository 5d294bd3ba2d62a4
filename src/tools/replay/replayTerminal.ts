import xtermHeadless from '@xterm/headless'
import type { EngineScreen } from '../../board/status/statusEngine'

// CommonJS package: named exports go through the default export under Node's ESM/CJS interop.
const { Terminal } = xtermHeadless
type HeadlessTerminal = InstanceType<typeof Terminal>

/**
 * The replay's emulated screen, read the way the live HeadlessMirror reads it: the bottom page
 * (rows baseY … baseY+rows-1, never scrollback), right-trimmed, after the write callback.
 */
export class ReplayTerminal {
  private readonly term: HeadlessTerminal
  private titleText = ''

  constructor(cols: number, rows: number, onOsc: (ident: number, data: string) => void, oscIdents: readonly number[]) {
    this.term = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true })
    this.term.onTitleChange((title) => (this.titleText = title))
    for (const ident of oscIdents) {
      this.term.parser.registerOscHandler(ident, (data) => {
        onOsc(ident, data)
        return false
      })
    }
  }

  /** Resolves once the chunk is parsed: only then does the buffer reflect it. */
  write(data: string): Promise<void> {
    return new Promise((resolve) => this.term.write(data, resolve))
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows)
  }

  screen(): EngineScreen {
    const buffer = this.term.buffer.active
    const lines: string[] = []
    for (let y = 0; y < this.term.rows; y++) lines.push(buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '')
    return { lines, title: this.titleText, alternate: buffer.type === 'alternate', synchronizing: this.term.modes.synchronizedOutputMode }
  }

  dispose(): void {
    this.term.dispose()
  }
}
