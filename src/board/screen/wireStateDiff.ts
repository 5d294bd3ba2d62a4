import type { MirrorScreen } from './headlessMirror'
import type { WirePatch, WireState } from './mirrorProtocol'

/** A state as posted to the pane, kept on both sides: its rows, and the rest of it (`text` unused). */
export interface SentState {
  readonly lines: readonly string[]
  readonly meta: WireState
}

/**
 * What a worker posts of a pane's state: nothing when the pane's copy is still right, the rows that
 * changed (a patch) when its size is the same, else the whole screen.
 */
export function diffState(sent: SentState | null, lines: readonly string[], meta: WireState): WireState | WirePatch | null {
  if (!sent || sent.meta.cols !== meta.cols || sent.meta.rows !== meta.rows || sent.lines.length !== lines.length) return { ...meta, text: lines.join('\n') }
  let from = 0
  while (from < lines.length && lines[from] === sent.lines[from]) from++
  if (from === lines.length) return sameMeta(sent.meta, meta) ? null : { ...meta, text: '', from: 0, count: 0 }
  let to = lines.length - 1
  while (to > from && lines[to] === sent.lines[to]) to--
  if (from === 0 && to === lines.length - 1) return { ...meta, text: lines.join('\n') }
  return { ...meta, text: lines.slice(from, to + 1).join('\n'), from, count: to - from + 1 }
}

/**
 * The pane's side: the state after `next`, from the one before. A patch's rows replace those of a
 * copy of the lines before; the other rows keep their strings, and `prev.lines` is not changed (a
 * screen handed out before may still be read).
 */
export function applyState(prev: SentState, next: WireState | WirePatch): SentState {
  if (!('from' in next)) return { lines: next.text.split('\n'), meta: next }
  if (next.count === 0) return { lines: prev.lines, meta: next }
  const lines = prev.lines.slice()
  const rows = next.text.split('\n')
  for (let i = 0; i < next.count; i++) lines[next.from + i] = rows[i] ?? ''
  return { lines, meta: next }
}

/** A pane's screen as its state says. */
export function screenOf(state: SentState): MirrorScreen {
  const { cols, rows, cx, cy, alternate } = state.meta
  return { cols, rows, lines: state.lines as string[], cursor: { x: cx, y: cy }, alternate }
}

function sameMeta(a: WireState, b: WireState): boolean {
  return (
    a.cx === b.cx &&
    a.cy === b.cy &&
    a.cols === b.cols &&
    a.rows === b.rows &&
    a.alternate === b.alternate &&
    a.title === b.title &&
    a.synchronizing === b.synchronizing &&
    a.bracketedPaste === b.bracketedPaste
  )
}
