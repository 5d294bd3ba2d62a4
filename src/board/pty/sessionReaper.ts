import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { IDisposable } from '../../core/lifecycle/disposable'

/** The variable every pane process carries (and passes to its children, `setsid`/`nohup` jobs included). */
export const REAPER_TAG_VAR = 'SWITCHBOARD_BOARD_TAG'

/**
 * The reaper: a tiny `sh` in a session of its own, holding the read end of a pipe from the board.
 * The board can die without running a single line of cleanup (`kill -9`, a crash, OOM); the kernel
 * then closes the pipe, and the reaper kills everything the board launched:
 * - every process whose environment carries the board's tag (Linux: /proc/<pid>/environ; macOS:
 *   `ps -E`), which catches `setsid` and `nohup` jobs that left the pane's session and were
 *   reparented to init;
 * - every member of a pane's session (the tracked session ids), for a program that cleared its
 *   environment but stayed in the session (Linux: `ps -o sid`; macOS: the root's process group);
 * - every program the pty host adopted (Linux: it is a child subreaper), for one that double-forked
 *   out of its pane and cleared its environment: known by pid and start time (a reused pid is not
 *   it), with its process group and session.
 * It repeats until a round finds nothing (a process forking while being killed), at most ~2 s.
 * PR_SET_PDEATHSIG would not do: it is per thread and does not follow `setsid` grandchildren;
 * cgroups are not available to an unprivileged app (nor here).
 */
const SCRIPT = String.raw`
tag=$1
sids=" "
adopted=" "
while read -r verb id start; do
  case $verb in
    track) sids="$sids$id " ;;
    untrack) sids=$(printf '%s' "$sids" | sed "s/ $id / /") ;;
    adopt) adopted="$adopted$id:$start " ;;
    unadopt) adopted=$(printf '%s' "$adopted" | sed "s/ $id:[0-9]* / /") ;;
  esac
done
round=0
while [ $round -lt 20 ]; do
  if [ -d /proc/self ]; then
    pids=$(grep -l -s -a -F "$tag" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3)
    # One look at every process per round: pid, group, session.
    procs=$(ps -A -o pid= -o pgid= -o sid= 2>/dev/null)
    for s in $sids; do pids="$pids $(echo "$procs" | awk -v s="$s" '$3 == s { print $1 }')"; done
    for a in $adopted; do
      p=$(echo "$a" | cut -d: -f1)
      start=$(echo "$a" | cut -d: -f2)
      # Its stat after the name (which may hold spaces): $1 is field 3, the state; $20 field 22, the start time.
      sed 's/.*) //' /proc/$p/stat 2>/dev/null | awk -v t="$start" '$1 != "Z" && $20 == t { found = 1 } END { exit !found }' || continue
      pids="$pids $p $(echo "$procs" | awk -v p="$p" '$2 == p || $3 == p { print $1 }')"
    done
  else
    pids=$(ps -A -E -ww -o pid= -o command= 2>/dev/null | grep -F "$tag" | awk '{ print $1 }')
    for s in $sids; do kill -KILL -- "-$s" 2>/dev/null; done
  fi
  pids=$(printf '%s\n' $pids | grep -v -x "$$")
  [ -z "$pids" ] && exit 0
  kill -KILL $pids 2>/dev/null
  round=$((round + 1))
  sleep 0.1
done
`

export class SessionReaper implements IDisposable {
  /** `SWITCHBOARD_BOARD_TAG=<random>`: what the reaper looks for in environments. */
  readonly tag: string
  private readonly child: ChildProcess | null

  private constructor(
    readonly value: string,
    child: ChildProcess | null,
  ) {
    this.tag = `${REAPER_TAG_VAR}=${value}`
    this.child = child
  }

  /** Starts the board's reaper; on failure the board runs without one (it says so through `onError`). */
  static start(onError: (message: string) => void = () => undefined): SessionReaper {
    const value = randomBytes(16).toString('hex')
    let child: ChildProcess | null = null
    try {
      // Its environment lacks the tag, so it never finds itself; detached: its own session, so a
      // hang-up or Ctrl-C to the board's terminal does not take it down first.
      child = spawn('/bin/sh', ['-c', SCRIPT, 'switchboard-reaper', `${REAPER_TAG_VAR}=${value}`], {
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      })
      child.on('error', (err) => onError(`the session reaper failed: ${err.message}; panes may outlive a crashed board`))
      child.stdin?.on('error', () => undefined)
      // It must never keep the board alive, nor die with it.
      child.unref()
      ;(child.stdin as unknown as { unref?: () => void } | null)?.unref?.()
    } catch (err) {
      onError(`could not start the session reaper: ${String(err)}; panes may outlive a crashed board`)
      child = null
    }
    return new SessionReaper(value, child)
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** A pane's root is a session leader: its session id is its pid. */
  track(sessionId: number): void {
    // Session 0 is every process started outside a session here (`docker exec`, CI): never ours.
    if (sessionId > 1) this.send(`track ${sessionId}`)
  }

  /** The pane's session was killed and reaped: its id may be reused by an unrelated process. */
  untrack(sessionId: number): void {
    this.send(`untrack ${sessionId}`)
  }

  /** A program that left its pane and was adopted by the pty host (its start time: /proc/<pid>/stat field 22). */
  adopt(pid: number, start: string): void {
    if (pid > 1 && /^\d+$/.test(start)) this.send(`adopt ${pid} ${start}`)
  }

  /** It ended, or turned out to be the board's own (a daemon that said hello). */
  unadopt(pid: number): void {
    this.send(`unadopt ${pid}`)
  }

  private send(line: string): void {
    const stdin = this.child?.stdin
    if (stdin && !stdin.destroyed) stdin.write(`${line}\n`)
  }

  /** Closing the pipe is the signal: the reaper kills whatever is left of the board's panes. */
  dispose(): void {
    this.child?.stdin?.end()
  }
}
