/** xterm's own line beneath its API view (not public API): 3 words per cell, and the text of combined cells. */
export interface CellLine {
  readonly length: number
  readonly _data: Uint32Array
  readonly _combined: Readonly<Record<number, string>>
}

/** A cell's first word: code point (bits 0–20), combined text in `_combined` (bit 21), width (bits 22–23). */
const enum CellWord {
  Stride = 3,
  CodePoint = 0x1fffff,
  IsCombined = 0x200000,
  HasContent = 0x3fffff,
  WidthShift = 22,
}

/** Row `index` (absolute) of the buffer xterm parses into now, as its own line; null where xterm is not laid out as expected. */
export function cellLine(core: unknown, index: number): CellLine | null {
  const line = (core as { buffer?: { lines?: { get?: (i: number) => unknown } } } | undefined)?.buffer?.lines?.get?.(index) as Partial<CellLine> | undefined
  return line && line._data instanceof Uint32Array && typeof line.length === 'number' && typeof line._combined === 'object' ? (line as CellLine) : null
}

/**
 * Whether `text` is what xterm's `translateToString(true)` makes of the line now: its cells
 * compared with the text in place, without building it. An agent redraws its whole frame to turn
 * a spinner, so every row is marked changed, and building a row's text cell by cell costs about
 * 5× this comparison (120 columns, measured). The same walk as xterm 6's: up to the last cell
 * with content, a combined cell's own text, an empty cell as a space, a wide one advancing by its
 * width.
 */
export function rowTextIs(line: CellLine, text: string): boolean {
  const data = line._data
  let end = 0
  for (let x = line.length - 1; x >= 0; x--) {
    const word = data[x * CellWord.Stride]!
    if (word & CellWord.HasContent) {
      end = x + (word >> CellWord.WidthShift)
      break
    }
  }
  let at = 0
  for (let x = 0; x < end;) {
    const word = data[x * CellWord.Stride]!
    const point = word & CellWord.CodePoint
    if (word & CellWord.IsCombined) {
      const combined = String(line._combined[x])
      if (!text.startsWith(combined, at)) return false
      at += combined.length
    } else if (point === 0) {
      if (text.charCodeAt(at++) !== 0x20) return false
    } else if (point < 0x10000) {
      if (text.charCodeAt(at++) !== point) return false
    } else {
      if (text.codePointAt(at) !== point) return false
      at += 2
    }
    x += word >> CellWord.WidthShift || 1
  }
  return at === text.length
}
