import { describe, expect, it } from 'vitest'
import { FrameReader, FrameType, inputFrame, jsonFrame, outputFrame, parseInput, parseOutput } from './frames'

function collect(): { reader: FrameReader; frames: [FrameType, Buffer][] } {
  const frames: [FrameType, Buffer][] = []
  return { reader: new FrameReader((type, body) => frames.push([type, Buffer.from(body)])), frames }
}

describe('pty host frames', () => {
  it('round-trips JSON, output records of several panes, and input, however the bytes are cut', () => {
    const stream = Buffer.concat([
      jsonFrame({ t: 'hello', protocol: 1 }),
      ...outputFrame([
        { id: 1, start: 0, data: Buffer.from('héllo') },
        { id: 7, start: 2 ** 40, data: Buffer.from('') },
        { id: 2, start: 12, data: Buffer.from('x'.repeat(70_000)) },
      ]),
      inputFrame(3, 'ls\r'),
    ])
    for (const cut of [1, 3, 5, 4096, stream.length]) {
      const { reader, frames } = collect()
      for (let at = 0; at < stream.length; at += cut) reader.push(stream.subarray(at, at + cut))
      expect(frames.map(([t]) => t)).toEqual([FrameType.Json, FrameType.Output, FrameType.Input])
      expect(JSON.parse(frames[0]![1].subarray(1).toString())).toEqual({ t: 'hello', protocol: 1 })
      const records = parseOutput(frames[1]![1])
      expect(records.map((r) => [r.id, r.start, r.data.length])).toEqual([
        [1, 0, 6],
        [7, 2 ** 40, 0],
        [2, 12, 70_000],
      ])
      expect(records[0]!.data.toString()).toBe('héllo')
      const input = parseInput(frames[2]![1])
      expect([input.id, input.data.toString()]).toEqual([3, 'ls\r'])
    }
  })

  // bench agentmem (issue 20): the board's reader of the host socket held up to 64 read buffers of
  // 64 KiB each after their frames were handled, ~1.7 MB that looked like memory per pane.
  it('holds no chunk once its frames are handled, and only the unread part of one that is not', () => {
    const { reader, frames } = collect()
    const frame = jsonFrame({ t: 'x' })
    for (let i = 0; i < 60; i++) reader.push(Buffer.from(frame))
    expect(frames).toHaveLength(60)
    expect(reader.heldBytes).toBe(0)
    reader.push(frame.subarray(0, 6))
    expect(reader.heldBytes).toBe(6)
    reader.push(frame.subarray(6))
    expect(frames).toHaveLength(61)
    expect(reader.heldBytes).toBe(0)
    // Split over many chunks: what a frame still waits for is all that is held.
    const big = jsonFrame({ t: 'y'.repeat(1000) })
    for (let at = 0; at < big.length - 10; at += 7) reader.push(big.subarray(at, Math.min(at + 7, big.length - 10)))
    expect(reader.heldBytes).toBe(big.length - 10)
    reader.push(Buffer.concat([big.subarray(big.length - 10), frame.subarray(0, 3)]))
    expect(frames).toHaveLength(62)
    expect(reader.heldBytes).toBe(3)
  })

  it('refuses a frame longer than allowed, or of no known type', () => {
    const { reader } = collect()
    const huge = Buffer.alloc(5)
    huge.writeUInt32BE(2 ** 31, 0)
    expect(() => reader.push(huge)).toThrow(/a frame of 2147483648 bytes/)
    const other = collect()
    expect(() => other.reader.push(Buffer.from([0, 0, 0, 1, 9]))).toThrow(/unknown type 9/)
  })
})
