/**
 * Terminal queries the renderer's xterm must NOT answer.
 *
 * The main process is each pane's terminal of record: its headless mirror parses every byte the
 * program writes and answers the program's queries (device attributes, cursor position, colours,
 * modes…) even while no window shows the pane. A renderer xterm attached to the same pane parses
 * the same bytes; left alone it would answer a second time through `onData` → `pane:write`, and
 * the program would read a stray duplicate reply as typed input (garbage at the prompt, a broken
 * capability probe). So every query a terminal answers is swallowed here (handler returns true,
 * which stops xterm's own handler), while the sequences that *set* state still reach xterm.
 */
import type { IDisposable, IFunctionIdentifier, Terminal } from '@xterm/xterm'

type CsiParams = (number | number[])[]

const firstParam = (params: CsiParams): number => {
  const p = params[0]
  return typeof p === 'number' ? p : (p?.[0] ?? 0)
}

/** CSI queries: identifier, and which parameter values are queries (all when absent). */
const CSI_QUERIES: readonly { readonly id: IFunctionIdentifier; readonly what: string; readonly only?: (params: CsiParams) => boolean }[] = [
  { id: { final: 'c' }, what: 'DA1 primary device attributes' },
  { id: { prefix: '>', final: 'c' }, what: 'DA2 secondary device attributes' },
  { id: { prefix: '=', final: 'c' }, what: 'DA3 tertiary device attributes' },
  { id: { final: 'n' }, what: 'DSR device status / cursor position (5n, 6n)' },
  { id: { prefix: '?', final: 'n' }, what: 'DEC DSR (?6n extended cursor position, ?15n …)' },
  { id: { intermediates: '$', final: 'p' }, what: 'DECRQM, ANSI modes' },
  { id: { prefix: '?', intermediates: '$', final: 'p' }, what: 'DECRQM, DEC private modes' },
  { id: { prefix: '>', final: 'q' }, what: 'XTVERSION' },
  {
    id: { final: 't' },
    what: 'XTWINOPS reports (11t … 21t: state, position, size in pixels and cells, titles)',
    // 1–10 act on the window, 22/23 push and pop titles: those are not queries.
    only: (params) => {
      const op = firstParam(params)
      return op >= 11 && op <= 21
    },
  },
]

/** OSC colour numbers whose "?" form is a query (4: palette, 10/11/12: fg, bg, cursor). */
const OSC_COLOR_QUERIES = [4, 10, 11, 12] as const

/** Installs the guards on a renderer terminal. Dispose the result (or the terminal) to remove them. */
export function swallowTerminalQueries(term: Pick<Terminal, 'parser'>): IDisposable {
  const handlers: IDisposable[] = []
  for (const { id, only } of CSI_QUERIES) {
    handlers.push(term.parser.registerCsiHandler(id, (params) => (only ? only(params) : true)))
  }
  // DECRQSS: DCS $ q <setting> ST.
  handlers.push(term.parser.registerDcsHandler({ intermediates: '$', final: 'q' }, () => true))
  for (const ident of OSC_COLOR_QUERIES) {
    // Setting a colour ("11;#101010") still goes through; only the "?" query is swallowed.
    handlers.push(term.parser.registerOscHandler(ident, (data) => data.includes('?')))
  }
  return { dispose: () => handlers.forEach((h) => h.dispose()) }
}
