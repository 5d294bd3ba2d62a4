/**
 * Framing of the pty host socket: each frame is a 4-byte big-endian length, then that many bytes:
 * a type byte and its payload.
 * - JSON: one message of protocol.ts, UTF-8.
 * - OUTPUT: records, each `u32 id, f64 start offset, u32 length, bytes` — the output of many panes
 *   in one frame. Every record starts and ends on a UTF-8 character boundary (the host cuts only
 *   there), so each decodes on its own.
 * - INPUT: `u32 id`, then the bytes to type.
 */
export const enum FrameType {
  Json = 1,
  Output = 2,
  Input = 3,
}

export const enum FrameConstants {
  Header = 4,
  /** A longer frame is a broken peer: the connection is closed. Replays are cut into records well below. */
  MaxFrame = 64 * 1024 * 1024,
  RecordHeader = 16,
}

export interface OutputRecord {
  readonly id: number
  readonly start: number
  readonly data: Buffer
}

export function jsonFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8')
  const frame = Buffer.allocUnsafe(FrameConstants.Header + 1 + body.length)
  frame.writeUInt32BE(1 + body.length, 0)
  frame.writeUInt8(FrameType.Json, 4)
  body.copy(frame, 5)
  return frame
}

export function inputFrame(id: number, data: string): Buffer {
  const bytes = Buffer.byteLength(data, 'utf8')
  const frame = Buffer.allocUnsafe(FrameConstants.Header + 1 + 4 + bytes)
  frame.writeUInt32BE(1 + 4 + bytes, 0)
  frame.writeUInt8(FrameType.Input, 4)
  frame.writeUInt32BE(id, 5)
  frame.write(data, 9, 'utf8')
  return frame
}

/**
 * An output frame as a list of buffers, for one `writev`: the headers are small allocations, the
 * bytes are the host's log slices themselves (not copied).
 */
export function outputFrame(records: readonly OutputRecord[]): Buffer[] {
  let size = 1
  for (const r of records) size += FrameConstants.RecordHeader + r.data.length
  const parts: Buffer[] = []
  const head = Buffer.allocUnsafe(FrameConstants.Header + 1)
  head.writeUInt32BE(size, 0)
  head.writeUInt8(FrameType.Output, 4)
  parts.push(head)
  for (const r of records) {
    const h = Buffer.allocUnsafe(FrameConstants.RecordHeader)
    h.writeUInt32BE(r.id, 0)
    h.writeDoubleBE(r.start, 4)
    h.writeUInt32BE(r.data.length, 12)
    parts.push(h, r.data)
  }
  return parts
}

export function parseOutput(body: Buffer): OutputRecord[] {
  const out: OutputRecord[] = []
  let at = 1
  while (at + FrameConstants.RecordHeader <= body.length) {
    const id = body.readUInt32BE(at)
    const start = body.readDoubleBE(at + 4)
    const len = body.readUInt32BE(at + 12)
    at += FrameConstants.RecordHeader
    if (at + len > body.length) throw new Error('an output record runs past its frame')
    out.push({ id, start, data: body.subarray(at, at + len) })
    at += len
  }
  if (at !== body.length) throw new Error('trailing bytes in an output frame')
  return out
}

export function parseInput(body: Buffer): { id: number; data: Buffer } {
  if (body.length < 5) throw new Error('an input frame without its pane id')
  return { id: body.readUInt32BE(1), data: body.subarray(5) }
}

/** What a handled chunk's slot holds until the array is compacted. */
const EMPTY = Buffer.alloc(0)

/**
 * Cuts a byte stream into frames. Chunks are kept as they came and joined only for a frame that
 * spans them, so a large output frame is not copied once per arriving chunk.
 */
export class FrameReader {
  /** Chunks not yet consumed start at `head` (an index, not shift(): a frame may span thousands of small chunks). */
  private chunks: Buffer[] = []
  private head = 0
  private buffered = 0

  constructor(
    private readonly onFrame: (type: FrameType, body: Buffer) => void,
    private readonly maxFrame: number = FrameConstants.MaxFrame,
  ) {}

  /** Bytes of the chunks the reader still references (read or not): what it keeps alive. */
  get heldBytes(): number {
    let held = 0
    for (const chunk of this.chunks) held += chunk.length
    return held
  }

  /** Throws on a frame longer than allowed or of no known type: the peer is broken, close it. */
  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.buffered += chunk.length
    while (this.buffered >= FrameConstants.Header) {
      const len = this.peekLength()
      if (len < 1 || len > this.maxFrame) throw new Error(`a frame of ${len} bytes (at most ${this.maxFrame})`)
      if (this.buffered < FrameConstants.Header + len) return
      this.take(FrameConstants.Header)
      const body = this.take(len)
      const type = body[0] as FrameType
      if (type !== FrameType.Json && type !== FrameType.Output && type !== FrameType.Input) throw new Error(`a frame of unknown type ${type}`)
      this.onFrame(type, body)
    }
    // A chunk handled is let go at once: a socket's read buffers are 64 KiB each.
    if (this.buffered === 0) {
      this.chunks.length = 0
      this.head = 0
    } else if (this.head > 64 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head)
      this.head = 0
    }
  }

  /** Moves past the first chunk, no longer referencing it (the array itself is compacted in push). */
  private release(): void {
    this.chunks[this.head++] = EMPTY
  }

  private peekLength(): number {
    const first = this.chunks[this.head]!
    if (first.length >= FrameConstants.Header) return first.readUInt32BE(0)
    const four = Buffer.allocUnsafe(FrameConstants.Header)
    let filled = 0
    for (let i = this.head; filled < FrameConstants.Header; i++) filled += this.chunks[i]!.copy(four, filled, 0, FrameConstants.Header - filled)
    return four.readUInt32BE(0)
  }

  private take(n: number): Buffer {
    const first = this.chunks[this.head]!
    this.buffered -= n
    if (first.length > n) {
      this.chunks[this.head] = first.subarray(n)
      return first.subarray(0, n)
    }
    if (first.length === n) {
      this.release()
      return first
    }
    const out = Buffer.allocUnsafe(n)
    let filled = 0
    while (filled < n) {
      const c = this.chunks[this.head]!
      const need = n - filled
      if (c.length <= need) {
        c.copy(out, filled)
        filled += c.length
        this.release()
      } else {
        c.copy(out, filled, 0, need)
        this.chunks[this.head] = c.subarray(need)
        filled = n
      }
    }
    return out
  }
}
