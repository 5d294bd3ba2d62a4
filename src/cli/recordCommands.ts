/**
 * `switchboard record PANE [FILE]` and `switchboard mark PANE LABEL`: recording a live pane to
 * report a wrong badge or make a fixture. The board records (it owns the pane); the CLI only asks,
 * waits, and stops the recording on Ctrl+C. Kept apart from args.ts/run.ts so those stay small.
 */
import { resolve } from 'node:path'
import type { RecordingInfo } from '../shared/ipc/contract'
import { parseUsage, UsageError } from '../board/util/usage'
import type { BoardConnection } from '../client/connect'
import { paneArg } from './paneArg'

export type RecordCommand = { name: 'record'; pane: string; file?: string } | { name: 'mark'; pane: string; label: string }

/** Parses the verbs of this module; null when `name` is not one of them. Throws a UsageError. */
export function parseRecordCommand(name: string | undefined, args: readonly string[]): RecordCommand | null {
  if (name !== 'record' && name !== 'mark') return null
  const { positionals } = parseUsage({ args: [...args], options: {}, allowPositionals: true, strict: true }, name)
  const [id, second, ...rest] = positionals
  const pane = paneArg(id, name)
  if (rest.length) throw new UsageError(`${name}: unexpected argument ${JSON.stringify(rest[0])}`)
  if (name === 'record') {
    if (second !== undefined && !second.endsWith('.cast')) throw new UsageError('record: the file name ends in .cast (the reports go beside it)')
    return { name, pane, ...(second !== undefined ? { file: second } : {}) }
  }
  if (second === undefined) throw new UsageError('mark: usage is mark PANE LABEL (blocked, question, asked, idle, working, …)')
  return { name, pane, label: second }
}

export interface RecordIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly cwd: string
  readonly interrupted: Promise<void>
}

function summary(info: RecordingInfo): string {
  return `recorded ${info.seconds.toFixed(1)} s, ${info.events} events, ${info.reports} reports: ${info.files.cast} ${info.files.hooks} ${info.files.process}`
}

export async function runRecordCommand(command: RecordCommand, conn: BoardConnection, io: RecordIo): Promise<number> {
  const { client } = conn
  if (command.name === 'mark') {
    await client.invoke('pane:mark', command.pane, command.label)
    return 0
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = resolve(io.cwd, command.file ?? `switchboard-pane${command.pane}-${stamp}.cast`)
  // Subscribe before starting, so an exit right after the start is not missed.
  let exited!: () => void
  const paneExited = new Promise<void>((r) => (exited = r))
  client.on('pane:changed', (info) => info.id === command.pane && info.exit && exited())
  client.on('pane:state', ({ info }) => info.id === command.pane && info.exit && exited())
  client.on('pane:removed', (e) => e.paneId === command.pane && exited())
  const started = await client.invoke('pane:record', command.pane, file)
  io.err(`recording pane ${command.pane} to ${started.files.cast} — Ctrl+C stops; \`switchboard mark ${command.pane} LABEL\` marks the truth\n`)
  await Promise.race([paneExited, io.interrupted, conn.closed])
  const done = await client.invoke('pane:record-stop', command.pane).catch(() => null)
  if (!done) {
    io.err('switchboard: the board went away; the recording ended with it\n')
    return 1
  }
  io.out(summary(done) + '\n')
  if (done.error) {
    io.err(`switchboard: the recording ended early: ${done.error}\n`)
    return 1
  }
  return 0
}
