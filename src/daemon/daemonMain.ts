/**
 * `switchboard daemon [--detach|--stop|--restart|--status] [--port N] [--host ADDR] [--cwd DIR]
 * [--verbose]`: runs the board's core as its own process (in the foreground by default), or
 * starts, stops or describes the one that runs.
 */
import { parseUsage, UsageError } from '../board/util/usage'
import { parseServeArgs } from '../board/host/serveArgs'
import { daemonPaths, runningDaemon, type DaemonPaths } from '../client/daemonState'
import { runningPanes } from './runningPanes'
import { loginUrl } from '../client/loginUrl'
import { runDaemon } from './runDaemon'
import { ensureDaemon, ptyHostPid, restartDaemon, stopDaemon } from '../client/startDaemon'
import { verbHelp } from '../shared/cli/verbUsage'

/** The one text of the daemon's usage, shared with `switchboard daemon --help`. */
export const DAEMON_USAGE = verbHelp('daemon')

export interface DaemonIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly env: NodeJS.ProcessEnv
  readonly cwd: string
  /** The daemon's own script (out/main/daemon.js) and the built renderer. */
  readonly script: string
  readonly rendererDir: string
}

/** The pids of the panes that run on the running board; null when none answers. */
async function runningPaneList(paths: DaemonPaths): Promise<number[] | null> {
  const state = await runningDaemon(paths)
  return state ? runningPanes(state.socketPath) : null
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

function stoppedText(stopped: { pid: number; what: 'board' | 'pty host' }, panes: number[] | null): string {
  if (stopped.what === 'pty host')
    return `no board was running; stopped its pty host (pid ${stopped.pid}), which ended the panes it held; they come back interrupted on the next start\n`
  const ended = panes === null ? 'its panes' : panes.length ? `its ${plural(panes.length, 'running pane')}` : 'no running pane'
  return `stopped the board (pid ${stopped.pid}) and ended ${ended}; ${panes?.length === 0 ? 'saved panes come back' : 'they come back'} interrupted on the next start\n`
}

/** What a restart kept: the same programs (pids) before and after. */
function keptText(before: number[] | null, after: number[] | null): string {
  if (!before || !after) return 'its panes run on in the pty host'
  const kept = before.filter((pid) => after.includes(pid)).length
  if (kept === before.length) return before.length ? `all ${plural(before.length, 'running pane')} kept running (same pids)` : 'no pane was running'
  return `${kept} of ${plural(before.length, 'running pane')} kept running; see daemon.log`
}

/** Resolves with an exit code, or undefined while a foreground daemon runs on. */
export async function daemonMain(argv: readonly string[], io: DaemonIo): Promise<number | undefined> {
  let parsed
  try {
    parsed = parseUsage(
      {
        args: [...argv],
        options: {
          detach: { type: 'boolean' },
          stop: { type: 'boolean' },
          restart: { type: 'boolean' },
          status: { type: 'boolean' },
          background: { type: 'boolean' },
          port: { type: 'string' },
          host: { type: 'string' },
          cwd: { type: 'string' },
          verbose: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
      },
      'daemon',
    )
    const { values } = parsed
    if (values.help) {
      io.out(DAEMON_USAGE + '\n')
      return 0
    }
    if ([values.detach, values.stop, values.restart, values.status].filter(Boolean).length > 1)
      throw new UsageError('daemon: give one of --detach, --stop, --restart, --status')
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.err(`switchboard ${err.message}\n${DAEMON_USAGE}\n`)
    return 2
  }
  const { values } = parsed
  const passOn = [...(values.port ? ['--port', values.port] : []), ...(values.host ? ['--host', values.host] : []), ...(values.verbose ? ['--verbose'] : [])]
  let serve
  try {
    serve = parseServeArgs([...passOn, ...(values.cwd ? ['--cwd', values.cwd] : [])])
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.err(`switchboard daemon: ${err.message}\n`)
    return 2
  }
  const paths = daemonPaths(io.env)
  if (values.status) {
    const state = await runningDaemon(paths)
    if (!state) {
      io.out('no board is running\n')
      return 1
    }
    io.out(`pid ${state.pid}, ${state.version}, protocol ${state.protocol}, since ${new Date(state.startedAt).toISOString()}\n`)
    io.out(`browser mode: http://${state.host}:${state.port}/ (\`switchboard open\` logs a browser in)\ncontrol socket: ${state.socketPath}\n`)
    if (state.log) io.out(`log: ${state.log}\n`)
    const host = ptyHostPid(paths)
    io.out(host ? `pty host: pid ${host} (holds every pane's terminal; a restart keeps them running)\n` : 'pty host: none\n')
    return 0
  }
  if ((values.stop || values.restart) && (io.env.SWITCHBOARD_PANE_TOKEN || io.env.SWITCHBOARD_PANE_ID)) {
    // A program in a pane may only read its own pane (`switchboard quit` asks the board itself).
    io.err('switchboard daemon: --stop and --restart are not open to a program inside a pane; run them from your own terminal\n')
    return 1
  }
  if (values.stop) {
    const panes = await runningPaneList(paths)
    const stopped = await stopDaemon(paths)
    io.out(stopped ? stoppedText(stopped, panes) : 'no board is running\n')
    return 0
  }
  if (values.restart) {
    const before = await runningPaneList(paths)
    const { from, state, handedOver, ms } = await restartDaemon(paths, { script: io.script, env: io.env, cwd: serve.cwd ?? io.cwd, args: passOn })
    const after = await runningPanes(state.socketPath)
    if (!from) io.out(`no board was running; started pid ${state.pid}, protocol ${state.protocol}\n`)
    else if (!handedOver)
      io.out(
        `stopped the board (pid ${from}), an older one without a pty host: its panes come back interrupted; started pid ${state.pid}, protocol ${state.protocol}\n`,
      )
    else io.out(`restarted the board (pid ${from} → ${state.pid}, protocol ${state.protocol}) in ${(ms / 1000).toFixed(1)} s; ${keptText(before, after)}\n`)
    io.out(`Switchboard (browser mode): ${loginUrl(state, Date.now())}\nControl socket: ${state.socketPath}\n`)
    if (state.log) io.out(`log: ${state.log}\n`)
    return 0
  }
  if (values.detach) {
    const cwd = serve.cwd ?? io.cwd
    const { state, started } = await ensureDaemon(paths, { script: io.script, env: io.env, cwd, args: passOn })
    io.out(`${started ? 'started' : 'a board is already running:'} pid ${state.pid}, protocol ${state.protocol}\n`)
    io.out(`Switchboard (browser mode): ${loginUrl(state, Date.now())}\nControl socket: ${state.socketPath}\n`)
    if (state.log) io.out(`log: ${state.log}\n`)
    return 0
  }
  return runDaemon(paths, {
    host: serve.host,
    port: serve.port,
    cwd: serve.cwd ?? io.cwd,
    verbose: serve.verbose,
    background: values.background,
    rendererDir: io.rendererDir,
    script: io.script,
  })
}
