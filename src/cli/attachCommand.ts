/**
 * `switchboard attach PANE`: the pane in your terminal, like `tmux attach`. The terminal goes raw;
 * the pane's current screen is drawn first (the board's mirror serialized, as a window attaches),
 * then its output as it comes, and every key goes to the pane. The pane takes the terminal's size,
 * and follows it when the terminal is resized. Ctrl-] detaches (telnet's escape key: a byte the
 * agents' TUIs and shells leave alone); so do the pane's exit and the board going away. Several
 * clients attached at once — terminals and windows — see the same output and each other's keys:
 * the board sends each the same stream from its snapshot on, with flow control per client.
 */
import type { PaneInfo } from '../shared/domain/pane'
import { ContractLimits } from '../shared/ipc/limits'
import { parseUsage, UsageError } from '../board/util/usage'
import type { BoardConnection } from '../client/connect'
import { paneArg } from './paneArg'

export type AttachCommand = { name: 'attach'; pane: string }

/** Ctrl-]: the one byte attach keeps for itself. */
export const DETACH_KEY = '\x1d'
export const DETACH_KEY_NAME = 'Ctrl-]'

/** What attach needs of the terminal it runs in (the process's own, in the CLI). */
export interface AttachTerminal {
  readonly input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  readonly output: NodeJS.WritableStream & {
    isTTY?: boolean
    columns?: number
    rows?: number
    on(event: 'resize', listener: () => void): unknown
    off(event: 'resize', listener: () => void): unknown
  }
}

export function parseAttachCommand(name: string | undefined, args: readonly string[]): AttachCommand | null {
  if (name !== 'attach') return null
  const { positionals } = parseUsage({ args: [...args], options: {}, allowPositionals: true, strict: true }, 'attach')
  if (positionals.length > 1) throw new UsageError('attach: usage is attach PANE')
  return { name: 'attach', pane: paneArg(positionals[0], 'attach') }
}

/**
 * What leaves the terminal as it was: the modes a program in the pane may have set (alternate
 * screen, mouse reporting, bracketed paste, focus events, application keys, a hidden cursor) are
 * turned off, colours reset, and the cursor goes below what is on screen.
 */
const RESTORE = '\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?1004l\x1b[?1l\x1b>\x1b[?25h\x1b[0m\r\n'

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.floor(n)))

export async function runAttachCommand(
  command: AttachCommand,
  conn: BoardConnection,
  io: { err: (text: string) => void; interrupted: Promise<void>; terminal?: AttachTerminal },
): Promise<number> {
  const { client } = conn
  const term = io.terminal
  if (!term?.input.isTTY || !term.output.isTTY || !term.input.setRawMode) {
    io.err('switchboard: attach needs a terminal: run it with stdin and stdout on a tty (`switchboard screen` prints the screen anywhere)\n')
    return 2
  }
  const pane = command.pane
  const info = await client.invoke('pane:get', pane)
  if (info.exit || info.interrupted) {
    io.err(
      `switchboard: pane ${pane} is not running (${info.interrupted ? 'interrupted' : 'exited'}); \`switchboard resume ${pane}\` runs it again, \`switchboard screen ${pane}\` prints its last screen\n`,
    )
    return 1
  }

  let ended!: (why: string) => void
  const end = new Promise<string>((resolve) => (ended = resolve))
  const size = () => ({
    cols: clamp(term.output.columns ?? 80, ContractLimits.minCols, ContractLimits.maxCols),
    rows: clamp(term.output.rows ?? 24, ContractLimits.minRows, ContractLimits.maxRows),
  })
  const resize = () => {
    const { cols, rows } = size()
    client.invoke('pane:resize', pane, cols, rows).catch(() => undefined) // Swallow: the pane may have just ended; its event ends the attach.
  }
  const write = (data: string) => term.output.write(data, () => client.send('pane:ack', pane, data.length))
  const exitOf = (p: PaneInfo) => (p.exit ? `exited (${p.exit.signal !== null ? `signal ${p.exit.signal}` : `code ${p.exit.code}`})` : null)

  // Listen first: data the board sends after the snapshot may arrive before the attach reply.
  let queue: string[] | null = []
  const offData = client.on('pane:data', ({ paneId, data, resync }) => {
    if (paneId !== pane) return
    // Fell behind (or the pane was restarted): the board starts over with a fresh snapshot.
    const chunk = resync ? `\x1bc${data}` : data
    if (queue) queue.push(chunk)
    else write(chunk)
  })
  const offChanged = client.on('pane:changed', (p) => p.id === pane && exitOf(p) && ended(exitOf(p)!))
  const offState = client.on('pane:state', ({ info: p }) => p.id === pane && exitOf(p) && ended(exitOf(p)!))
  const offRemoved = client.on('pane:removed', (e) => e.paneId === pane && ended('closed'))

  io.err(`switchboard: attached to pane ${pane} (${info.title}); ${DETACH_KEY_NAME} detaches\n`)
  term.input.setRawMode(true)
  const onKeys = (keys: string | Buffer) => {
    const text = typeof keys === 'string' ? keys : keys.toString('utf8')
    const at = text.indexOf(DETACH_KEY)
    const typed = at < 0 ? text : text.slice(0, at)
    if (typed) client.invoke('pane:write', pane, typed).catch(() => undefined) // Swallow: as above.
    if (at >= 0) ended('detached')
  }
  ;(term.input as NodeJS.ReadStream).setEncoding?.('utf8')
  term.input.on('data', onKeys)
  term.input.resume()
  term.output.on('resize', resize)
  try {
    // At the terminal's size first, so the snapshot and what follows are drawn for it.
    const { cols, rows } = size()
    await client.invoke('pane:resize', pane, cols, rows)
    const snapshot = await client.invoke('pane:attach', pane)
    write(`\x1b[H\x1b[2J${snapshot.serialized}`)
    for (const chunk of queue) write(chunk)
    queue = null
    const why = await Promise.race([end, io.interrupted.then(() => 'interrupted'), conn.closed.then(() => 'the board closed the connection')])
    await client.invoke('pane:detach', pane).catch(() => undefined) // Swallow: the board or the pane is gone; nothing to detach from.
    restore()
    io.err(`switchboard: ${why === 'detached' ? `detached from pane ${pane}` : `pane ${pane} ${why}`}\n`)
    return why === 'the board closed the connection' ? 1 : 0
  } catch (err) {
    restore()
    throw err
  }

  function restore(): void {
    offData()
    offChanged()
    offState()
    offRemoved()
    term!.output.off('resize', resize)
    term!.input.off('data', onKeys)
    term!.input.setRawMode?.(false)
    term!.input.pause()
    term!.output.write(RESTORE)
  }
}
