import { PANE_STATES, type PaneState } from '../../shared/domain/pane'
import { parseSessionCommand, SESSION_USAGE, type SessionCommand } from './sessionCommands'

export type CliCommand =
  | { name: 'ls'; json: boolean }
  | { name: 'spawn'; argv: string[]; cwd?: string; env: Record<string, string>; title?: string; cols?: number; rows?: number }
  | { name: 'screen'; pane: string; json: boolean }
  | { name: 'explain'; pane: string; json: boolean }
  | { name: 'write'; pane: string; text: string }
  | { name: 'resize'; pane: string; cols: number; rows: number }
  | { name: 'kill'; pane: string }
  | { name: 'wait'; pane: string; state: PaneState; timeoutSec?: number }
  | { name: 'events'; json: boolean }
  | SessionCommand
  | { name: 'help' }
  | { name: 'version' }

export interface CliInvocation {
  readonly socket?: string
  readonly command: CliCommand
}

export class UsageError extends Error {}

export const USAGE = `usage: switchboard [--socket PATH] COMMAND

commands:
  ls [--json]                          list panes (id, state, since, pid, foreground, title, cwd, exit)
  spawn [--cwd DIR] [--env K=V]... [--title T] [--cols N] [--rows N] [-- CMD [ARGS...]]
                                       start a pane (no CMD: your shell); prints its id
  screen PANE [--json]                 print the pane's visible screen
  explain PANE [--json]                why the pane shows its state: the deciding signal, the
                                       latest word of every channel, every screen rule's result
  write PANE TEXT [--enter] [--escapes]
                                       type TEXT into the pane (--enter adds Return; --escapes reads \\n \\r \\t \\e \\xHH)
  resize PANE COLS ROWS                resize the pane's terminal
  kill PANE                            hang up the pane's processes (hard kill after a grace period)
  wait PANE --state STATE [--timeout SEC]
                                       wait until the pane is in STATE (${PANE_STATES.join('|')})
  events [--json]                      print one line per state change until interrupted
${SESSION_USAGE}

The board is found through $SWITCHBOARD_SOCKET, --socket, or as the only board running.`

function positiveInt(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${what} must be a positive whole number (got ${value ?? 'nothing'})`)
  return Number(value)
}

function paneArg(value: string | undefined, command: string): string {
  if (value === undefined) throw new UsageError(`${command}: which pane? (\`switchboard ls\` lists them)`)
  if (!/^[1-9][0-9]*$/.test(value)) throw new UsageError(`${command}: ${JSON.stringify(value)} is not a pane id (a number like 3)`)
  return value
}

/** Interprets \n \r \t \e \\ \xHH, for `write --escapes`. */
export function unescapeText(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|[nrte\\])/g, (_, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(parseInt(code.slice(1), 16))
    return ({ n: '\n', r: '\r', t: '\t', e: '\x1b', '\\': '\\' } as Record<string, string>)[code]!
  })
}

export function parseCli(argv: readonly string[]): CliInvocation {
  const args = [...argv]
  let socket: string | undefined
  while (args[0]?.startsWith('-')) {
    const flag = args.shift()!
    if (flag === '--socket') socket = args.shift() ?? (() => { throw new UsageError('--socket needs a path') })()
    else if (flag.startsWith('--socket=')) socket = flag.slice('--socket='.length)
    else if (flag === '--help' || flag === '-h') return { command: { name: 'help' } }
    else if (flag === '--version' || flag === '-V') return { command: { name: 'version' } }
    else throw new UsageError(`unknown option ${flag}`)
  }
  const name = args.shift()
  const flags = (allowed: string[]) => {
    const bad = args.find((a) => a.startsWith('--') && !allowed.includes(a))
    if (bad) throw new UsageError(`${name}: unknown option ${bad}`)
  }
  switch (name) {
    case undefined:
    case 'help':
      return { socket, command: { name: 'help' } }
    case 'ls':
      flags(['--json'])
      if (args.some((a) => !a.startsWith('--'))) throw new UsageError('ls takes no arguments')
      return { socket, command: { name: 'ls', json: args.includes('--json') } }
    case 'spawn': {
      const env: Record<string, string> = {}
      let cwd: string | undefined
      let title: string | undefined
      let cols: number | undefined
      let rows: number | undefined
      while (args.length && args[0] !== '--' && args[0]!.startsWith('--')) {
        const flag = args.shift()!
        const value = args.shift()
        if (value === undefined) throw new UsageError(`spawn: ${flag} needs a value`)
        if (flag === '--cwd') cwd = value
        else if (flag === '--title') title = value
        else if (flag === '--cols') cols = positiveInt(value, '--cols')
        else if (flag === '--rows') rows = positiveInt(value, '--rows')
        else if (flag === '--env') {
          const eq = value.indexOf('=')
          if (eq < 1) throw new UsageError(`spawn: --env takes NAME=VALUE (got ${JSON.stringify(value)})`)
          env[value.slice(0, eq)] = value.slice(eq + 1)
        } else throw new UsageError(`spawn: unknown option ${flag}`)
      }
      if (args[0] === '--') args.shift()
      return { socket, command: { name: 'spawn', argv: args, cwd, env, title, cols, rows } }
    }
    case 'screen':
      flags(['--json'])
      return { socket, command: { name: 'screen', pane: paneArg(args.find((a) => !a.startsWith('--')), 'screen'), json: args.includes('--json') } }
    case 'explain':
      flags(['--json'])
      return { socket, command: { name: 'explain', pane: paneArg(args.find((a) => !a.startsWith('--')), 'explain'), json: args.includes('--json') } }
    case 'write': {
      const enter = args.includes('--enter')
      const escapes = args.includes('--escapes')
      const rest = args.filter((a) => a !== '--enter' && a !== '--escapes')
      const pane = paneArg(rest[0], 'write')
      if (rest.length !== 2) throw new UsageError('write: give the pane and the text as one argument (quote it)')
      const text = (escapes ? unescapeText(rest[1]!) : rest[1]!) + (enter ? '\r' : '')
      return { socket, command: { name: 'write', pane, text } }
    }
    case 'resize': {
      const pane = paneArg(args[0], 'resize')
      if (args.length !== 3) throw new UsageError('resize: usage is resize PANE COLS ROWS')
      return { socket, command: { name: 'resize', pane, cols: positiveInt(args[1], 'COLS'), rows: positiveInt(args[2], 'ROWS') } }
    }
    case 'kill':
      if (args.length !== 1) throw new UsageError('kill: usage is kill PANE')
      return { socket, command: { name: 'kill', pane: paneArg(args[0], 'kill') } }
    case 'wait': {
      const pane = paneArg(args.shift(), 'wait')
      let state: PaneState | undefined
      let timeoutSec: number | undefined
      while (args.length) {
        const flag = args.shift()!
        const value = args.shift()
        if (flag === '--state') {
          if (!(PANE_STATES as readonly string[]).includes(value ?? '')) throw new UsageError(`wait: --state must be one of ${PANE_STATES.join(', ')}`)
          state = value as PaneState
        } else if (flag === '--timeout') {
          const t = Number(value)
          if (value === undefined || !Number.isFinite(t) || t <= 0) throw new UsageError('wait: --timeout takes a number of seconds > 0')
          timeoutSec = t
        } else throw new UsageError(`wait: unknown option ${flag}`)
      }
      if (!state) throw new UsageError('wait: --state STATE is required')
      return { socket, command: { name: 'wait', pane, state, timeoutSec } }
    }
    case 'events':
      flags(['--json'])
      return { socket, command: { name: 'events', json: args.includes('--json') } }
    default: {
      const session = parseSessionCommand(name, args)
      if (session) return { socket, command: session }
      throw new UsageError(`unknown command ${JSON.stringify(name)}; \`switchboard help\` lists the commands`)
    }
  }
}
