/**
 * out/main/ptyHost.js: the pty host process, started detached by the daemon when none runs (see
 * README.md here). Wiring only: its descriptors, its lock and socket in the runtime dir, the
 * session reaper, the host, the daemon keeper and its signals.
 */
import { APP_VERSION } from '../board/appVersion'
import { acquireLock } from '../client/daemonLock'
import { startDetachedDaemon } from '../client/detachedDaemon'
import { ensurePrivateDir, runtimeDir } from '../board/host/runtimeDir'
import { closeInheritedDescriptors } from '../board/pty/fdHygiene'
import { SessionReaper } from '../board/pty/sessionReaper'
import { realClock } from '../board/util/clock'
import { createLogger } from '../board/util/log'
import { DaemonKeeper } from './daemonKeeper'
import { ptyHostPaths } from '../board/ptyHostProtocol/paths'
import { PtyHost } from './ptyHost'
import { ChildSubreaper } from './childSubreaper'
import { loadProcguard } from './procguard'
import { loadFdPass } from '../board/pty/fdPass'

// First: what the daemon's own launcher left open must not reach the panes (issue 24).
const closed = closeInheritedDescriptors()
// Holds no directory (a mount) busy.
process.chdir('/')
const log = createLogger()
if (closed.length) log.info('closed descriptors inherited from the board', { fds: closed })
process.on('uncaughtException', (err) => log.error('uncaught exception', { err: err.stack ?? String(err) }))
process.on('unhandledRejection', (err) => log.error('unhandled rejection', { err: String(err) }))

async function main(): Promise<void> {
  const dir = runtimeDir()
  ensurePrivateDir(dir)
  const paths = ptyHostPaths(dir)
  const lock = await acquireLock({ pidFile: paths.pidFile, socket: paths.socket })
  if (lock.kind === 'held') {
    log.info('a pty host runs already', { pid: lock.pid })
    return process.exit(0)
  }
  process.on('exit', () => lock.release())
  const reaper = SessionReaper.start((line) => log.error(line))
  // Before the first pane: whatever double-forks out of a pane is then adopted here, not by init.
  const guard = loadProcguard()
  // The host's programs, once it is listening (node-pty waits for those itself).
  const programs = { of: (): number[] => [] }
  const subreaper = 'missing' in guard ? guard : ChildSubreaper.start(guard, realClock, () => programs.of())
  if ('missing' in subreaper)
    log.info('not a child subreaper: a pane program that double-forks and clears its environment is taken for the user’s own', { why: subreaper.missing })
  const keeper = new DaemonKeeper(realClock, startDetachedDaemon, (line, fields) => log.info(line, fields))
  const fdPass = loadFdPass()
  if ('missing' in fdPass) log.info('reading every terminal here and forwarding its output (terminals are not passed on)', { why: fdPass.missing })
  const protocolOverride = Number(process.env.SWITCHBOARD_PTY_HOST_PROTOCOL)
  const host = await PtyHost.listen({
    socketPath: paths.socket,
    clock: realClock,
    log,
    version: APP_VERSION,
    protocol: Number.isSafeInteger(protocolOverride) && protocolOverride > 0 ? protocolOverride : undefined,
    reaper,
    keeper,
    fdPass: 'missing' in fdPass ? null : fdPass,
    onDone: () => {
      // What double-forked out of a pane and dropped its environment is known only here: it was adopted.
      if (!('missing' in subreaper)) {
        const killed = subreaper.killAdopted([reaper?.pid, ...keeper.daemons(), ...host.boardPids()])
        if (killed.length) log.info('ended programs that had left their panes', { pids: killed })
      }
      // Closing the reaper's pipe makes it kill whatever a pane left behind (setsid jobs).
      reaper.dispose()
      process.exit(0)
    },
  })
  programs.of = () => host.programPids()
  // kill -9 of this host leaves them to init: the reaper, outside it, must know them by then.
  if (!('missing' in subreaper))
    subreaper.followAdopted(() => [reaper.pid, ...keeper.daemons(), ...host.boardPids()], {
      adopted: (child) => {
        reaper.adopt(child.pid, child.start)
        log.info('adopted a program that left its pane: it ends with the board', { pid: child.pid })
      },
      gone: (pid) => reaper.unadopt(pid),
    })
  log.info('pty host ready', { pid: process.pid, socket: paths.socket })
  // A signal to the pty host is a quit: every pane ends (a restart goes through the daemon instead).
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log.info(`stopping (${signal}): ending every pane`)
      setTimeout(() => process.exit(1), 5_000).unref()
      void host.shutdown()
    })
  }
}

main().catch((err: unknown) => {
  log.error('the pty host could not start', { err: err instanceof Error ? (err.stack ?? err.message) : String(err) })
  process.exit(1)
})
