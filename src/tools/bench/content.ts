import { closeSync, openSync, writeSync } from 'node:fs'

/** Deterministic PRNG (mulberry32) so every run parses the same bytes. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = ['build', 'test', 'agent', 'pane', 'error', 'warning', 'src/main/index.ts', 'function', 'return', 'const', '=>', '{', '}', 'ok', '42ms', 'passed']
const UTF8 = ['größe', 'Übung', 'naïve', '漢字', 'テスト', '한국어', '─┼─', '│', '█▓▒░', 'λ→∑', '✓', '…']

/**
 * One line of agent-like output: words, UTF-8 (umlauts, CJK, box drawing), SGR in 16, 256 and
 * true colour, bold/underline, some lines longer than the terminal (wrapping), some `\r\e[K`
 * progress redraws. No queries (DA, DSR): those would make the mirror answer into the PTY.
 */
function line(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T
  const kind = rand()
  if (kind < 0.05) return `progress ${Math.floor(rand() * 50)}%\r\x1b[K\x1b[32mprogress ${50 + Math.floor(rand() * 50)}%\x1b[0m`
  const n = kind < 0.15 ? 40 + Math.floor(rand() * 30) : 4 + Math.floor(rand() * 14)
  const parts: string[] = []
  for (let i = 0; i < n; i++) {
    const r = rand()
    if (r < 0.1) parts.push(`\x1b[3${Math.floor(rand() * 8)}m${pick(WORDS)}\x1b[0m`)
    else if (r < 0.15) parts.push(`\x1b[38;5;${Math.floor(rand() * 256)}m${pick(WORDS)}\x1b[39m`)
    else if (r < 0.2) parts.push(`\x1b[38;2;${Math.floor(rand() * 256)};${Math.floor(rand() * 256)};${Math.floor(rand() * 256)}m${pick(WORDS)}\x1b[0m`)
    else if (r < 0.23) parts.push(`\x1b[1;4m${pick(WORDS)}\x1b[22;24m`)
    else if (r < 0.33) parts.push(pick(UTF8))
    else if (r < 0.35) parts.push('\t')
    else parts.push(pick(WORDS))
  }
  return parts.join(' ')
}

/** About `bytes` of mixed output, in UTF-8, ending with a newline. */
export function contentBlock(bytes: number, seed = 1): Buffer {
  const rand = prng(seed)
  const lines: string[] = []
  let size = 0
  while (size < bytes) {
    const l = line(rand) + '\n'
    lines.push(l)
    size += Buffer.byteLength(l)
  }
  return Buffer.from(lines.join(''), 'utf8')
}

/** Writes about `totalBytes` to `path` (whole lines only); returns the exact size written. */
export function writeContentFile(path: string, totalBytes: number): number {
  const block = contentBlock(1 << 20)
  const fd = openSync(path, 'w')
  let written = 0
  try {
    while (written < totalBytes) {
      const left = totalBytes - written
      const chunk = left >= block.length ? block : block.subarray(0, block.lastIndexOf(0x0a, left - 1) + 1)
      if (!chunk.length) break
      written += writeSync(fd, chunk)
    }
  } finally {
    closeSync(fd)
  }
  return written
}
