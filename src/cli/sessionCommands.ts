import type { ParseArgsConfig } from 'node:util'
import type { PaneInfo, StateHistoryEntry } from '../shared/domain/pane'
import type { BoardApi } from '../shared/ipc/contract'
import { parseUsage, UsageError } from '../board/util/usage'
import { paneArg } from './paneArg'
import { formatAge } from './format'
import { missingEnvAdvice } from '../core/launch/missingEnv'

/** The CLI verbs of saved sessions: resume, restart, history. */
export type SessionCommand =
  { name: 'resume'; pane: string; env: Record<string, string> } | { name: 'restart'; pane: string } | { name: 'history'; pane: string; json: boolean }

/** Null when `name` is not one of these verbs. */
export function parseSessionCommand(name: string, args: readonly string[]): SessionCommand | null {
  if (name !== 'resume' && name !== 'restart' && name !== 'history') return null
  const options: NonNullable<ParseArgsConfig['options']> =
    name === 'history' ? { json: { type: 'boolean' } } : name === 'resume' ? { env: { type: 'string', multiple: true } } : {}
  const { values, positionals } = parseUsage({ args: [...args], options, allowPositionals: true, strict: true }, name)
  const usage = name === 'history' ? 'history PANE [--json]' : name === 'resume' ? 'resume PANE [--env NAME=VALUE]...' : `${name} PANE`
  if (positionals.length > 1) throw new UsageError(`${name}: usage is ${usage}`)
  const pane = paneArg(positionals[0], name)
  if (name === 'history') return { name, pane, json: (values as { json?: boolean }).json ?? false }
  if (name === 'resume') return { name, pane, env: envPairs((values as { env?: string[] }).env ?? [], 'resume') }
  return { name, pane }
}

/** `--env NAME=VALUE` flags as a record; the value may hold `=`. */
export function envPairs(pairs: readonly string[], verb: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const pair of pairs) {
    const eq = pair.indexOf('=')
    if (eq < 1) throw new UsageError(`${verb}: --env takes NAME=VALUE (got ${JSON.stringify(pair)})`)
    env[pair.slice(0, eq)] = pair.slice(eq + 1)
  }
  return env
}

/** What a resumed pane runs without, and how to give it: one line for the user, or null. */
export function missingEnvLine(info: PaneInfo): string | null {
  return info.missingEnv?.names.length ? missingEnvAdvice(info.id, info.missingEnv) : null
}

export async function runSessionCommand(
  command: SessionCommand,
  client: BoardApi,
  io: { out: (text: string) => void; err: (text: string) => void },
): Promise<number> {
  if (command.name === 'history') {
    const [history, info] = await Promise.all([client.invoke('pane:history', command.pane), client.invoke('pane:get', command.pane)])
    io.out(command.json ? JSON.stringify(history.map(historyRecord), null, 2) + '\n' : historyText(history, info, Date.now()) + '\n')
    return 0
  }
  // Options only when there are any: a board from before `--env` takes the pane alone.
  const info =
    command.name === 'restart'
      ? await client.invoke('pane:restart', command.pane)
      : Object.keys(command.env).length
        ? await client.invoke('pane:resume', command.pane, { env: command.env })
        : await client.invoke('pane:resume', command.pane)
  io.out(`pane ${info.id}: ${info.command.join(' ')}\n`)
  const missing = missingEnvLine(info)
  if (missing) io.err(`switchboard: ${missing}\n`)
  return 0
}

function historyRecord(e: StateHistoryEntry) {
  return { state: e.state, previous: e.previous, since: new Date(e.since).toISOString(), evidence: e.evidence, ...(e.mark ? { mark: e.mark } : {}) }
}

/**
 * One line per state: when it began, how long it lasted (until the next, or the interruption), why.
 * The board's own entries say what happened to the pane: `interrupted` (the board stopped while it
 * ran: the time it was down), `resumed`, `restarted`.
 */
export function historyText(history: readonly StateHistoryEntry[], info: PaneInfo, now: number): string {
  if (!history.length) return `pane ${info.id} has no saved state history`
  const last = history[history.length - 1]!
  // Histories saved before the board wrote its interruptions end with the last verdict: it lasted until the board stopped.
  const stoppedUnder = info.interrupted && last.mark !== 'interrupted'
  const end = stoppedUnder ? info.interrupted!.at : now
  const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19)
  const lines = history.map((e, i) => {
    const until = history[i + 1]?.since ?? end
    const isLast = i === history.length - 1
    const note = !isLast ? '' : e.mark === 'interrupted' ? ' (so far)' : stoppedUnder ? ' (until the board stopped)' : ' (now)'
    const why =
      e.mark === 'interrupted'
        ? 'the board stopped while it ran (a crash, a reboot or a quit)'
        : e.evidence.map((ev) => `${ev.source}: ${ev.detail}`).join('; ')
    return `${time(e.since)}  ${(e.mark ?? e.state).padEnd(11)}  ${`${formatAge(until - e.since)}${note}`.padEnd(12)}  ${why}`
  })
  const resume = info.interrupted && `\`switchboard resume ${info.id}\` runs ${info.interrupted.command.join(' ')}`
  if (resume) lines.push(stoppedUnder ? `${time(info.interrupted!.at)}  interrupted: ${resume}` : `${' '.repeat(19)}  ${resume}`)
  return lines.join('\n')
}
