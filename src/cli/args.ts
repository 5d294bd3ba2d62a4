import { PANE_STATES, type PaneState } from '../shared/domain/pane'
import { parseRecordCommand, type RecordCommand } from './recordCommands'
import { parseUsage, UsageError } from '../board/util/usage'
import { AGENT_ID_PATTERN } from '../shared/domain/agentId'
import { envPairs, parseSessionCommand, type SessionCommand } from './sessionCommands'
import { isVerb, USAGE, type VerbName } from '../shared/cli/verbUsage'
import { ContractLimits } from '../shared/ipc/limits'
import { paneArg } from './paneArg'
import { parseAnswerCommand, type AnswerCommand } from './answerCommand'
import { parseAttachCommand, type AttachCommand } from './attachCommand'

export type CliCommand =
  | { name: 'ls'; json: boolean }
  | { name: 'agents'; json: boolean }
  | {
      name: 'spawn'
      argv: string[]
      cwd?: string
      env: Record<string, string>
      title?: string
      cols?: number
      rows?: number
      launch: SpawnLaunch
      host?: string
    }
  | { name: 'screen'; pane: string; json: boolean }
  | { name: 'explain'; pane: string; json: boolean }
  | { name: 'write'; pane: string; text: string }
  | { name: 'resize'; pane: string; cols: number; rows: number }
  | { name: 'kill'; pane: string }
  | { name: 'close'; pane: string; worktree: 'keep' | 'remove' | null; force: boolean }
  | { name: 'changes'; pane: string; json: boolean; diff: boolean }
  | { name: 'wait'; pane: string; state: PaneState; timeoutSec?: number }
  | { name: 'events'; json: boolean }
  | RecordCommand
  | SessionCommand
  | AnswerCommand
  | AttachCommand
  | { name: 'help'; verb?: VerbName }
  | { name: 'version' }
  | { name: 'daemon'; args: string[] }
  | { name: 'quit' }
  | { name: 'open'; print: boolean }

/** How `spawn` asks main to launch: by agent kind or preset (main applies the settings), in a new worktree. */
export interface SpawnLaunch {
  /** An agent id (`claude`, a folder of the user's own); main checks that it exists. */
  agent?: string
  args: string[]
  preset?: string
  worktree?: string
  base?: string
}

export interface CliInvocation {
  readonly socket?: string
  readonly command: CliCommand
}

export { UsageError }

export { USAGE }

function positiveInt(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${what} must be a positive whole number (got ${value ?? 'nothing'})`)
  return Number(value)
}

/** A terminal size, within the limits the board takes (the contract's), named by the flag that gave it. */
function size(value: string | undefined, what: string, min: number, max: number): number {
  const n = positiveInt(value, what)
  if (n < min || n > max) throw new UsageError(`${what} must be between ${min} and ${max} (got ${n})`)
  return n
}
const cols = (value: string | undefined, what: string) => size(value, what, ContractLimits.minCols, ContractLimits.maxCols)
const rows = (value: string | undefined, what: string) => size(value, what, ContractLimits.minRows, ContractLimits.maxRows)

/**
 * `VERB --help` / `-h` among the verb's own options: before `--`, and for `spawn` before the
 * program too (`spawn -- claude --help` runs `claude --help`).
 */
function wantsHelp(name: string, args: readonly string[]): boolean {
  const own =
    name === 'spawn' ? args.slice(0, firstPlain(args, SPAWN)?.index ?? args.length) : args.slice(0, args.includes('--') ? args.indexOf('--') : args.length)
  return own.some((a) => a === '--help' || a === '-h')
}

/** Interprets \n \r \t \e \\ \xHH, for `write --escapes`. */
export function unescapeText(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|[nrte\\])/g, (_, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(parseInt(code.slice(1), 16))
    return ({ n: '\n', r: '\r', t: '\t', e: '\x1b', '\\': '\\' } as Record<string, string>)[code]!
  })
}

const GLOBAL = {
  socket: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const
const JSON_FLAG = { json: { type: 'boolean' } } as const

/** A verb's own options; `positionals` says how many plain arguments it takes. */
function verb<O extends NonNullable<Parameters<typeof parseUsage>[0]['options']>>(name: string, args: string[], options: O, positionals: number) {
  const parsed = parseUsage({ args, options, allowPositionals: true, strict: true }, name)
  if (parsed.positionals.length > positionals)
    throw new UsageError(positionals === 0 ? `${name} takes no arguments` : `${name}: unexpected argument ${JSON.stringify(parsed.positionals[positionals])}`)
  return parsed
}

/** Where the options before a verb (or before a pane's program) end: the first plain argument or `--`. */
function firstPlain(args: readonly string[], options: NonNullable<Parameters<typeof parseUsage>[0]['options']>) {
  const { tokens } = parseUsage({ args: [...args], options, allowPositionals: true, strict: false, tokens: true })
  return tokens.find((t) => t.kind === 'positional' || t.kind === 'option-terminator')
}

/** `--arg --model` means the agent's own `--model`: parseArgs would take it for an option, so join it. */
function joinArgValues(args: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--arg' && i + 1 < args.length) out.push(`--arg=${args[++i]}`)
    else out.push(args[i]!)
  }
  return out
}

const SPAWN = {
  cwd: { type: 'string' },
  title: { type: 'string' },
  cols: { type: 'string' },
  rows: { type: 'string' },
  env: { type: 'string', multiple: true },
  agent: { type: 'string' },
  arg: { type: 'string', multiple: true },
  preset: { type: 'string' },
  worktree: { type: 'string' },
  base: { type: 'string' },
  host: { type: 'string' },
} as const

export function parseCli(argv: readonly string[]): CliInvocation {
  // Global options come before the verb; the verb is the first plain argument.
  const first = firstPlain(argv, GLOBAL)
  const at = first ? first.index : argv.length
  const global = parseUsage({ args: argv.slice(0, at), options: GLOBAL, strict: true })
  if (global.values.help) return { command: { name: 'help' } }
  if (global.values.version) return { command: { name: 'version' } }
  const socket = global.values.socket
  if (socket === '') throw new UsageError('--socket needs a path')
  const name = first?.kind === 'positional' ? argv[at] : undefined
  const args = argv.slice(at + 1)
  if (name !== undefined && isVerb(name) && wantsHelp(name, args)) return { socket, command: { name: 'help', verb: name } }
  switch (name) {
    case undefined:
      return { socket, command: { name: 'help' } }
    case 'help': {
      const { positionals } = verb('help', args, {}, 1)
      const about = positionals[0]
      if (about === undefined) return { socket, command: { name: 'help' } }
      if (!isVerb(about)) return unknownCommand(about)
      return { socket, command: { name: 'help', verb: about } }
    }
    case 'ls':
      return { socket, command: { name: 'ls', json: verb('ls', args, JSON_FLAG, 0).values.json ?? false } }
    case 'agents':
      return { socket, command: { name: 'agents', json: verb('agents', args, JSON_FLAG, 0).values.json ?? false } }
    case 'spawn': {
      // Everything after `--` (or from the first plain argument on) is the program and its own flags.
      const cut = firstPlain(args, SPAWN)
      const own = cut ? args.slice(0, cut.index) : args
      const program = !cut ? [] : args.slice(cut.kind === 'option-terminator' ? cut.index + 1 : cut.index)
      const { values } = verb('spawn', joinArgValues(own), SPAWN, 0)
      const env = envPairs(values.env ?? [], 'spawn')
      const width = values.cols === undefined ? undefined : cols(values.cols, 'spawn: --cols')
      const height = values.rows === undefined ? undefined : rows(values.rows, 'spawn: --rows')
      if (values.agent !== undefined && !AGENT_ID_PATTERN.test(values.agent))
        throw new UsageError(`spawn: --agent takes an agent id like claude or mytool (\`switchboard agents\` lists them), not ${JSON.stringify(values.agent)}`)
      const launch: SpawnLaunch = { args: values.arg ?? [], agent: values.agent, preset: values.preset, worktree: values.worktree, base: values.base }
      if (launch.base !== undefined && launch.worktree === undefined) throw new UsageError('spawn: --base goes with --worktree BRANCH')
      if ((launch.agent || launch.preset) && program.length)
        throw new UsageError('spawn: give --agent/--preset or a command after --, not both (pass extra arguments with --arg)')
      if (values.host !== undefined && (values.host === '' || values.host.startsWith('-')))
        throw new UsageError(`spawn: --host takes an ssh destination or an alias of your ssh config, not ${JSON.stringify(values.host)}`)
      return {
        socket,
        command: { name: 'spawn', argv: program, cwd: values.cwd, env, title: values.title, cols: width, rows: height, launch, host: values.host },
      }
    }
    case 'screen':
    case 'explain': {
      const { values, positionals } = verb(name, args, JSON_FLAG, 1)
      return { socket, command: { name, pane: paneArg(positionals[0], name), json: values.json ?? false } }
    }
    case 'write': {
      const { values, positionals } = verb('write', args, { enter: { type: 'boolean' }, escapes: { type: 'boolean' } }, 2)
      const pane = paneArg(positionals[0], 'write')
      if (positionals.length !== 2) throw new UsageError('write: give the pane and the text as one argument (quote it)')
      const text = (values.escapes ? unescapeText(positionals[1]!) : positionals[1]!) + (values.enter ? '\r' : '')
      return { socket, command: { name: 'write', pane, text } }
    }
    case 'resize': {
      const { positionals } = verb('resize', args, {}, 3)
      const pane = paneArg(positionals[0], 'resize')
      if (positionals.length !== 3) throw new UsageError('resize: usage is resize PANE COLS ROWS')
      return { socket, command: { name: 'resize', pane, cols: cols(positionals[1], 'resize: COLS'), rows: rows(positionals[2], 'resize: ROWS') } }
    }
    case 'kill': {
      const { positionals } = verb('kill', args, {}, 1)
      if (positionals.length !== 1) throw new UsageError('kill: usage is kill PANE')
      return { socket, command: { name: 'kill', pane: paneArg(positionals[0], 'kill') } }
    }
    case 'changes': {
      const { values, positionals } = verb('changes', args, { ...JSON_FLAG, diff: { type: 'boolean' } }, 1)
      if (positionals.length !== 1) throw new UsageError('changes: usage is changes PANE [--diff] [--json]')
      return { socket, command: { name: 'changes', pane: paneArg(positionals[0], 'changes'), json: values.json === true, diff: values.diff === true } }
    }
    case 'close': {
      const { values, positionals } = verb(
        'close',
        args,
        { 'keep-worktree': { type: 'boolean' }, 'remove-worktree': { type: 'boolean' }, force: { type: 'boolean' } },
        1,
      )
      if (positionals.length !== 1) throw new UsageError('close: usage is close PANE [--keep-worktree | --remove-worktree [--force]]')
      const keep = values['keep-worktree'] === true
      const remove = values['remove-worktree'] === true
      if (keep && remove) throw new UsageError('close: --keep-worktree or --remove-worktree, not both')
      if (values.force && !remove) throw new UsageError("close: --force goes with --remove-worktree (it discards the worktree's work)")
      return {
        socket,
        command: { name: 'close', pane: paneArg(positionals[0], 'close'), worktree: keep ? 'keep' : remove ? 'remove' : null, force: values.force === true },
      }
    }
    case 'wait': {
      const { values, positionals } = verb('wait', args, { state: { type: 'string' }, timeout: { type: 'string' } }, 1)
      const pane = paneArg(positionals[0], 'wait')
      if (values.state === undefined) throw new UsageError('wait: --state STATE is required')
      if (!(PANE_STATES as readonly string[]).includes(values.state)) throw new UsageError(`wait: --state must be one of ${PANE_STATES.join(', ')}`)
      let timeoutSec: number | undefined
      if (values.timeout !== undefined) {
        timeoutSec = Number(values.timeout)
        if (!Number.isFinite(timeoutSec) || timeoutSec <= 0) throw new UsageError('wait: --timeout takes a number of seconds > 0')
      }
      return { socket, command: { name: 'wait', pane, state: values.state as PaneState, timeoutSec } }
    }
    case 'events':
      return { socket, command: { name: 'events', json: verb('events', args, JSON_FLAG, 0).values.json ?? false } }
    case 'daemon':
      // Its own options are parsed by `daemon` itself (src/daemon/daemonMain.ts).
      return { socket, command: { name: 'daemon', args } }
    case 'quit':
      verb('quit', args, {}, 0)
      return { socket, command: { name: 'quit' } }
    case 'open':
      return { socket, command: { name: 'open', print: verb('open', args, { print: { type: 'boolean' } }, 0).values.print ?? false } }
    default:
      return {
        socket,
        command:
          parseRecordCommand(name, args) ??
          parseSessionCommand(name ?? '', args) ??
          parseAnswerCommand(name, args) ??
          parseAttachCommand(name, args) ??
          unknownCommand(name),
      }
  }
}

function unknownCommand(name: string | undefined): never {
  throw new UsageError(`unknown command ${JSON.stringify(name)}; \`switchboard help\` lists the commands`)
}
