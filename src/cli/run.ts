import { resolve } from 'node:path'
import type { PaneInfo, PaneState } from '../shared/domain/pane'
import { BoardError } from '../shared/ipc/errors'
import type { CreatePaneRequest } from '../shared/ipc/contract'
import { APP_VERSION } from '../board/appVersion'
import { parseCli, UsageError, USAGE, type CliCommand } from './args'
import { verbHelp } from '../shared/cli/verbUsage'
import { CLOSED_BY_BOARD, ClientError, connectToBoard, type BoardConnection } from '../client/connect'
import { CliError } from './cliError'
import { changesText, explainText, paneRecord, paneTable, stateJson, stateLine } from './format'
import { runRecordCommand } from './recordCommands'
import { runSessionCommand } from './sessionCommands'
import { runAnswerCommand } from './answerCommand'
import { runAttachCommand } from './attachCommand'
import { protocolMismatch } from '../shared/ipc/protocol'
import { daemonPaths, runningDaemon } from '../client/daemonState'
import type { CliIo } from './cliIo'

export type { CliIo } from './cliIo'

/** Verbs that make no sense without a board: they start one in the background when none runs. */
const STARTS_A_BOARD = new Set<CliCommand['name']>(['spawn', 'open'])

/** Verbs that only read: asked again when the board closes the connection (a restart) before answering. */
const REPEATABLE = new Set<CliCommand['name']>(['ls', 'screen', 'explain', 'changes'])

const closedByBoard = (err: unknown) => err instanceof BoardError && err.message === CLOSED_BY_BOARD

/** How long a command waits for the board's answer by default (SWITCHBOARD_CLI_TIMEOUT overrides). */
export const DEFAULT_TIMEOUT_SEC = 10

/** How long `spawn --host` waits by default: ssh, maybe copying the board there, starting it. */
const REMOTE_SPAWN_TIMEOUT_SEC = 180

/** The answer, or a CliError once `sec` seconds pass: a frozen board must not freeze its caller. */
function within<T>(answer: Promise<T>, sec: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CliError(`the board did not answer within ${sec} s; it may be frozen or overloaded (SWITCHBOARD_CLI_TIMEOUT sets the limit)`)),
      sec * 1000,
    )
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

function timeoutOf(env: NodeJS.ProcessEnv): number {
  const sec = Number(env.SWITCHBOARD_CLI_TIMEOUT)
  return Number.isFinite(sec) && sec > 0 ? sec : DEFAULT_TIMEOUT_SEC
}

/** Runs one CLI invocation; returns the exit code (0 ok, 1 failed, 2 usage). Errors are one line. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let invocation
  try {
    invocation = parseCli(argv)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.err(`switchboard: ${err.message}\n`)
    return 2
  }
  const { command } = invocation
  if (command.name === 'help' || command.name === 'version') {
    io.out(command.name === 'help' ? (command.verb ? verbHelp(command.verb) : USAGE) + '\n' : `switchboard ${APP_VERSION}\n`)
    return 0
  }
  // Read here, not asked of a board: the folders, the settings and PATH are this user's.
  if (command.name === 'agents') return (await import('./agentsCommand')).runAgentsCommand(command.json, io)
  if (command.name === 'daemon') {
    io.err('switchboard: `daemon` runs from the switchboard command itself (bin/switchboard.js)\n')
    return 2
  }
  let conn: BoardConnection | undefined
  try {
    // A first spawn on another machine may copy the board there and start it: more than a round trip.
    const sec = command.name === 'spawn' && command.host && !io.env.SWITCHBOARD_CLI_TIMEOUT ? REMOTE_SPAWN_TIMEOUT_SEC : timeoutOf(io.env)
    if (command.name === 'quit') {
      // The board this CLI talks to (inside a pane: the pane's own board), not merely the runtime dir's.
      try {
        conn = await within(connectToBoard(invocation.socket, io.env), sec)
      } catch (err) {
        if (err instanceof ClientError && /^no board is running/.test(err.message)) {
          // The daemon died and was not brought back, but its pty host still runs the panes: quit ends those.
          const { stopDaemon } = await import('../client/startDaemon')
          const stopped = io.env.SWITCHBOARD_PANE_TOKEN || io.env.SWITCHBOARD_PANE_ID ? null : await stopDaemon(daemonPaths(io.env))
          io.out(
            stopped
              ? `no board was running; stopped its pty host (pid ${stopped.pid}), which ended the panes it held; they come back interrupted on the next start\n`
              : 'no board is running\n',
          )
          return 0
        }
        throw err
      }
      const info = await within(conn.client.invoke('board:info'), sec)
      await within(wholeBoardOnly(conn, 'quit'), sec)
      if (!info.daemon) throw new CliError(`the board at ${conn.path} is not a daemon (an older foreground board); end it where it runs (Ctrl+C)`)
      const running = (await within(conn.client.invoke('pane:list'), sec)).filter((p) => p.pid > 0 && !p.exit && !p.interrupted).length
      conn.close()
      const { stopProcess } = await import('../client/startDaemon')
      await stopProcess(info.daemon.pid)
      const ended = running ? `ended its ${running} running pane${running === 1 ? '' : 's'}; they come back` : 'ended no running pane; saved panes come back'
      io.out(`stopped the board (pid ${info.daemon.pid}) and ${ended} interrupted on the next start\n`)
      return 0
    }
    const explicit = invocation.socket ?? io.env.SWITCHBOARD_SOCKET
    if (!explicit && STARTS_A_BOARD.has(command.name) && io.daemonScript) {
      // Loaded only by the verbs that may start a board: the everyday ones skip child_process (issue 13).
      const { ensureDaemon } = await import('../client/startDaemon')
      const { state, started } = await ensureDaemon(daemonPaths(io.env), { script: io.daemonScript, env: io.env, cwd: io.cwd })
      if (started)
        io.err(`switchboard: started the board in the background (pid ${state.pid}${state.log ? `, log ${state.log}` : ''}; \`switchboard quit\` ends it)\n`)
    }
    for (let attempt = 1; ; attempt++) {
      conn = await within(connectToBoard(invocation.socket, io.env), sec)
      try {
        // Before anything else: a board of another protocol would misread what follows.
        const info = await within(conn.client.invoke('board:info'), sec)
        const mismatch = protocolMismatch(info, 'this switchboard')
        if (mismatch) throw new CliError(mismatch)
        // Streaming commands wait as long as the user wants; only their first round trip is timed.
        const streaming = command.name === 'wait' || command.name === 'events' || command.name === 'attach'
        return await (streaming ? execute(command, conn, io, sec) : within(execute(command, conn, io, sec), sec))
      } catch (err) {
        // A board that restarts (`daemon --restart`) closes its clients as it hands over: a call
        // that only reads is asked again of the next one (the connection waits for it). One that
        // changes something is not repeated: it may have been done.
        if (attempt > 1 || !REPEATABLE.has(command.name) || !closedByBoard(err)) throw err
        conn.close()
      }
    }
  } catch (err) {
    if (err instanceof CliError || err instanceof ClientError || err instanceof BoardError) {
      io.err(`switchboard: ${err.message}\n`)
      return 1
    }
    io.err(`switchboard: unexpected failure: ${err instanceof Error ? err.message : String(err)}\n`)
    return 1
  } finally {
    conn?.close()
  }
}

async function execute(
  command: Exclude<CliCommand, { name: 'help' | 'version' | 'daemon' | 'quit' | 'agents' }>,
  conn: BoardConnection,
  io: CliIo,
  sec: number,
): Promise<number> {
  const { client } = conn
  switch (command.name) {
    case 'open': {
      await wholeBoardOnly(conn, 'open')
      // The daemon's own state file (0600) holds the token the login code is made from.
      const state = await runningDaemon(daemonPaths(io.env))
      if (!state)
        throw new CliError(
          'the board that answered is not the daemon (started by `npm start` in an older version?); `switchboard daemon --restart` starts one with a browser URL',
        )
      const [{ loginUrl }, { openUrl }] = await Promise.all([import('../client/loginUrl'), import('./openUrl')])
      const url = loginUrl(state, Date.now())
      io.out(url + '\n')
      if (!command.print) await (io.openUrl ?? openUrl)(url)
      return 0
    }
    case 'ls': {
      const panes = await client.invoke('pane:list')
      io.out(command.json ? JSON.stringify(panes.map(paneRecord), null, 2) + '\n' : panes.length ? paneTable(panes, Date.now()) + '\n' : 'no panes\n')
      return 0
    }
    case 'spawn': {
      const info = await client.invoke('pane:create', spawnRequest(command, io.cwd))
      io.out(`${info.id}\n`)
      return 0
    }
    case 'screen': {
      const screen = await client.invoke('pane:screen', command.pane)
      if (command.json) io.out(JSON.stringify(screen, null, 2) + '\n')
      else {
        const lines = [...screen.lines]
        while (lines.length && lines[lines.length - 1] === '') lines.pop()
        io.out(lines.join('\n') + '\n')
      }
      return 0
    }
    case 'explain': {
      const explanation = await client.invoke('pane:explain', command.pane)
      io.out(command.json ? JSON.stringify(explanation, null, 2) + '\n' : explainText(explanation) + '\n')
      return 0
    }
    case 'write':
      await client.invoke('pane:write', command.pane, command.text)
      return 0
    case 'resize':
      await client.invoke('pane:resize', command.pane, command.cols, command.rows)
      return 0
    case 'kill':
      await client.invoke('pane:kill', command.pane)
      return 0
    case 'close':
      return closePane(client, command, io)
    case 'changes': {
      const [detail, info] = await Promise.all([client.invoke('pane:changes', command.pane), client.invoke('pane:get', command.pane)])
      io.out(command.json ? JSON.stringify(detail, null, 2) + '\n' : changesText(detail, info, command.diff))
      return 0
    }
    case 'wait':
      // The pane must exist and the board answer, in time, before the open-ended wait.
      await within(client.invoke('pane:get', command.pane), sec)
      return waitForState(conn, command.pane, command.state, command.timeoutSec, io)
    case 'resume':
    case 'restart':
    case 'history':
      return runSessionCommand(command, client, io)
    case 'events': {
      client.on('pane:state', (change) => io.out((command.json ? stateJson(change) : stateLine(change)) + '\n'))
      // Subscribing happens on connect; a round trip proves the board is there before we wait.
      await within(client.invoke('board:info'), sec)
      // On stderr, apart from the stream: from here no change is missed (a script can wait for it).
      io.err('switchboard: watching state changes (Ctrl-C ends)\n')
      await Promise.race([conn.closed, io.interrupted])
      return 0
    }
    case 'record':
    case 'mark':
      return runRecordCommand(command, conn, io)
    case 'answer':
      return runAnswerCommand(command, client, io)
    case 'attach':
      return runAttachCommand(command, conn, io)
  }
}

/**
 * What `spawn` asks the board for. The CLI's own directory goes as `callerCwd`, not `cwd`: a
 * preset's directory comes before it, an explicit --cwd before both.
 */
export function spawnRequest(command: Extract<CliCommand, { name: 'spawn' }>, cwd: string): CreatePaneRequest {
  return {
    command: command.argv.length ? command.argv : undefined,
    // On another machine this machine's directories mean nothing: --cwd is a path there, as given.
    cwd: command.cwd !== undefined ? (command.host ? command.cwd : resolve(cwd, command.cwd)) : undefined,
    callerCwd: command.host ? undefined : cwd,
    env: Object.keys(command.env).length ? command.env : undefined,
    title: command.title,
    agent: command.launch.agent,
    args: command.launch.args.length ? command.launch.args : undefined,
    preset: command.launch.preset,
    worktree: command.launch.worktree !== undefined ? { branch: command.launch.worktree, base: command.launch.base } : undefined,
    cols: command.cols,
    rows: command.rows,
    host: command.host,
  }
}

/**
 * A browser login (`open`) is the whole board, and `quit` ends it: neither is for a program inside
 * a pane, which may only read its own pane. The board tells (by the kernel, see controlAuth.ts): a
 * pane's connection is refused a board-wide read. (The state file is the user's, 0600; what runs
 * as the user can read it — this keeps the CLI from handing the board to a pane, nothing more.)
 */
async function wholeBoardOnly(conn: BoardConnection, verb: string): Promise<void> {
  try {
    await conn.client.invoke('settings:get')
  } catch (err) {
    if (err instanceof BoardError && err.code === 'forbidden')
      throw new CliError(`${verb} is not open to a program inside a pane (it may only read its own pane); run it from your own terminal`)
    throw err
  }
}

function waitForState(conn: BoardConnection, pane: string, state: PaneState, timeoutSec: number | undefined, io: CliIo): Promise<number> {
  return new Promise((done, fail) => {
    let finished = false
    let timer: NodeJS.Timeout | undefined
    const finish = (code: number, message: string, stream: 'out' | 'err') => {
      if (finished) return
      finished = true
      if (timer) clearTimeout(timer)
      io[stream](message + '\n')
      done(code)
    }
    const check = (info: PaneInfo) => {
      if (info.verdict.state === state) finish(0, `pane ${pane} is ${state}`, 'out')
      else if (info.exit && state !== 'exited') finish(1, `switchboard: pane ${pane} exited before it was ${state}`, 'err')
    }
    // Subscribe before reading the current state, so a change in between is not missed.
    conn.client.on('pane:changed', (info) => info.id === pane && check(info))
    conn.client.on('pane:state', (change) => change.paneId === pane && check(change.info))
    conn.client.on('pane:removed', (e) => e.paneId === pane && finish(1, `switchboard: pane ${pane} was closed before it was ${state}`, 'err'))
    conn.client.invoke('pane:get', pane).then(check, fail)
    if (timeoutSec !== undefined) {
      timer = setTimeout(() => {
        conn.client
          .invoke('pane:get', pane)
          .then((info) => finish(1, `switchboard: timed out after ${timeoutSec}s; pane ${pane} is ${info.verdict.state}`, 'err'), fail)
      }, timeoutSec * 1000)
    }
    void conn.closed.then(() => finish(1, `switchboard: ${CLOSED_BY_BOARD}`, 'err'))
  })
}

/**
 * `close`: the pane ends and leaves the board. One with its own worktree is not closed until the
 * user says keep or remove (what the form's dialog asks); the board refuses a removal that would
 * lose work unless forced, and says what it kept.
 */
async function closePane(client: BoardConnection['client'], command: Extract<CliCommand, { name: 'close' }>, io: CliIo): Promise<number> {
  const info = await client.invoke('pane:get', command.pane)
  const wt = info.worktree
  if (!wt) {
    if (command.worktree) {
      io.err(
        `switchboard: close: pane ${info.id} has no worktree of its own (it was not started with --worktree); close it without --${command.worktree}-worktree\n`,
      )
      return 2
    }
    await client.invoke('pane:remove', info.id)
    return 0
  }
  if (command.worktree === 'remove') {
    await client.invoke('worktree:remove', info.id, { force: command.force })
    io.out(`closed pane ${info.id} and removed its worktree ${wt.path} (branch ${wt.branch})\n`)
    return 0
  }
  if (command.worktree === 'keep') {
    await client.invoke('pane:remove', info.id)
    io.out(`closed pane ${info.id}; kept its worktree ${wt.path} (branch ${wt.branch})\n`)
    return 0
  }
  const check = await client.invoke('worktree:check', info.id)
  const lost = check.safe ? '' : `, with ${check.reasons.join(' and ')}`
  io.err(
    `switchboard: pane ${info.id} has its own worktree ${wt.path} on branch ${wt.branch} (from ${wt.base})${lost}; close it with --keep-worktree (folder and branch stay) or --remove-worktree${check.safe ? '' : ' --force (discards that work)'}\n`,
  )
  return 2
}
