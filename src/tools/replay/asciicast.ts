/**
 * asciicast recordings (v2: absolute times; v3: intervals, `x` exit events), read into one shape.
 * Markers (`m`) are kept only so the scorer can read the ground truth: the engine never sees them.
 */

export type CastEvent =
  | { readonly t: number; readonly type: 'o' | 'i'; readonly data: string }
  | { readonly t: number; readonly type: 'r'; readonly cols: number; readonly rows: number }
  | { readonly t: number; readonly type: 'm'; readonly label: string }
  | { readonly t: number; readonly type: 'x'; readonly code: number }

export interface Cast {
  readonly cols: number
  readonly rows: number
  /** The header's title and command, when present. */
  readonly title: string
  readonly command: string
  /** The pane's argv, in recordings made by `switchboard record` (header key `switchboard`). */
  readonly argv?: readonly string[]
  /** Events in time order; `t` in seconds from the start. */
  readonly events: readonly CastEvent[]
}

export class CastError extends Error {}

function headerArgv(obj: Record<string, unknown>): readonly string[] | undefined {
  const argv = (obj.switchboard as { argv?: unknown } | undefined)?.argv
  return Array.isArray(argv) && argv.every((a) => typeof a === 'string') ? argv : undefined
}

function header(obj: Record<string, unknown>): { version: number; cols: number; rows: number; title: string; command: string } {
  const version = Number(obj.version)
  const term = (obj.term ?? {}) as Record<string, unknown>
  const cols = Number(version >= 3 ? term.cols : obj.width)
  const rows = Number(version >= 3 ? term.rows : obj.height)
  if (!(version === 2 || version === 3) || !(cols > 0) || !(rows > 0)) throw new CastError('not an asciicast v2/v3 header')
  return { version, cols, rows, title: String(obj.title ?? ''), command: String(obj.command ?? '') }
}

export function parseCast(text: string): Cast {
  const lines = text.split('\n')
  const first = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'))
  if (first < 0) throw new CastError('empty recording')
  const headObj = JSON.parse(lines[first] ?? '{}') as Record<string, unknown>
  const head = header(headObj)
  const argv = headerArgv(headObj)
  const events: CastEvent[] = []
  let clock = 0
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? ''
    if (line === '' || line.startsWith('#')) continue
    const [time, type, data] = JSON.parse(line) as [number, string, unknown]
    const t = head.version >= 3 ? (clock += time) : time
    if (type === 'o' || type === 'i') events.push({ t, type, data: String(data) })
    else if (type === 'm') events.push({ t, type, label: String(data) })
    else if (type === 'x') events.push({ t, type, code: Number(data) })
    else if (type === 'r') {
      const m = /^(\d+)x(\d+)$/.exec(String(data))
      if (!m) throw new CastError(`line ${i + 1}: bad resize "${String(data)}"`)
      events.push({ t, type, cols: Number(m[1]), rows: Number(m[2]) })
    }
  }
  events.sort((a, b) => a.t - b.t)
  return { cols: head.cols, rows: head.rows, title: head.title, command: head.command, ...(argv ? { argv } : {}), events }
}

/** One agent report from a hooks file: `{"t": seconds, "event": name, "payload": object}`. */
export interface RecordedReport {
  readonly t: number
  readonly event: string
  readonly payload: unknown
}

export function parseReports(text: string): RecordedReport[] {
  const out: RecordedReport[] = []
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    const obj = JSON.parse(line) as { t?: unknown; event?: unknown; payload?: unknown }
    if (typeof obj.t !== 'number' || typeof obj.event !== 'string') throw new CastError(`reports line ${i + 1}: needs "t" and "event"`)
    out.push({ t: obj.t, event: obj.event, payload: obj.payload ?? {} })
  })
  return out.sort((a, b) => a.t - b.t)
}
