/**
 * One terminal's output since the board's last saved screen, as UTF-8 bytes at monotonic offsets
 * (bytes since the program started). The pty host keeps it so that a board restarted, or killed,
 * rebuilds the exact screen: the saved screen, then the bytes after its offset.
 *
 * Stored in blocks the text is encoded into directly (no copy per chunk); a block holds whole
 * characters only, so every slice this hands out starts and ends on a character boundary.
 */
export const enum ByteLogConstants {
  BlockBytes = 64 * 1024,
}

const encoder = new TextEncoder()

export class ByteLog {
  private readonly blocks: Buffer[] = []
  /** Offset of blocks[0]'s first byte, and bytes used in the last block. */
  private base = 0
  private lastUsed = 0
  /** The first offset still kept (≥ base: a trim may cut inside the first block). */
  private first = 0
  private total = 0

  /** Bytes kept now. */
  get size(): number {
    return this.total - this.first
  }

  /** The first offset kept. */
  get start(): number {
    return this.first
  }

  /** The offset after the last byte. */
  get end(): number {
    return this.total
  }

  /** Appends `text` as UTF-8; returns the offset it starts at. */
  append(text: string): number {
    const at = this.total
    let rest = text
    while (rest.length) {
      let block = this.blocks[this.blocks.length - 1]
      if (!block || this.lastUsed === block.length) {
        block = Buffer.allocUnsafe(ByteLogConstants.BlockBytes)
        this.blocks.push(block)
        this.lastUsed = 0
      }
      const { read, written } = encoder.encodeInto(rest, block.subarray(this.lastUsed))
      if (read === 0) {
        // Not even one character fits: this block is done (at most 3 bytes unused).
        this.blocks[this.blocks.length - 1] = block.subarray(0, this.lastUsed)
        this.lastUsed = this.blocks[this.blocks.length - 1]!.length
        continue
      }
      this.lastUsed += written
      this.total += written
      rest = rest.slice(read)
    }
    return at
  }

  /** Drops everything before `offset` (clamped to what is kept). */
  trim(offset: number): void {
    const to = Math.min(Math.max(offset, this.first), this.total)
    this.first = to
    while (this.blocks.length > 1 && this.base + this.blockLength(0) <= to) {
      this.base += this.blockLength(0)
      this.blocks.shift()
    }
    if (this.blocks.length === 1 && this.base + this.lastUsed <= to) {
      // Everything went: start the next block afresh.
      this.blocks.length = 0
      this.base = this.total
      this.lastUsed = 0
    }
  }

  /** Drops whole blocks from the front until at most `max` bytes are kept; returns the bytes dropped. */
  shrinkTo(max: number): number {
    const before = this.first
    while (this.size > max && this.blocks.length > 1) this.trim(this.base + this.blockLength(0))
    if (this.size > max) this.trim(this.total - max)
    // A cut inside a block must not split a character.
    this.first = this.charStart(this.first)
    return this.first - before
  }

  /** The bytes from `from` (clamped to what is kept) to the end, as slices of at most a block each. */
  slices(from: number): Buffer[] {
    const out: Buffer[] = []
    let pos = Math.max(from, this.first)
    let blockStart = this.base
    for (let i = 0; i < this.blocks.length; i++) {
      const len = this.blockLength(i)
      const blockEnd = blockStart + len
      if (pos < blockEnd) {
        out.push(this.blocks[i]!.subarray(pos - blockStart, len))
        pos = blockEnd
      }
      blockStart = blockEnd
    }
    return out
  }

  private blockLength(i: number): number {
    return i === this.blocks.length - 1 ? this.lastUsed : this.blocks[i]!.length
  }

  /** `offset`, or the start of the next character when it points into one (a continuation byte). */
  private charStart(offset: number): number {
    let blockStart = this.base
    for (let i = 0; i < this.blocks.length; i++) {
      const len = this.blockLength(i)
      if (offset < blockStart + len) {
        const block = this.blocks[i]!
        let at = offset - blockStart
        while (at < len && (block[at]! & 0xc0) === 0x80) at++
        return blockStart + at
      }
      blockStart += len
    }
    return offset
  }
}
