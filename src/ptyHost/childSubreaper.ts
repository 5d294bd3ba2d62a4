import { childPids, readProcStat } from '../board/pty/processTree'
import type { Clock } from '../core/lifecycle/clock'
import type { IDisposable } from '../core/lifecycle/disposable'
import { unwaitedZombies, type ChildSeen } from '../core/process/unwaitedZombies'
import type { Procguard } from './procguard'

export const enum SubreaperConstants {
  /** Between the two looks that tell an adopted zombie from one its parent is about to wait for. */
  SecondLookMs = 1000,
}

/** How often the adopted programs are looked for (nothing signals an adoption). */
export const ADOPTED_LOOK_MS = 1000

/** Who hears of adoptions: the session reaper, which ends them when the board dies unannounced. */
export interface AdoptionListener {
  adopted(child: ChildSeen): void
  /** It ended, or turned out to be the board's own. */
  gone(pid: number): void
}

/**
 * This process's children with their state and start time; those in `skip` are not looked at (the
 * host's own panes: reading each one's stat every second was 7 % of the host's thread, 20 panes).
 */
export function childrenOfSelf(skip?: ReadonlySet<number | undefined>): ChildSeen[] {
  const seen: ChildSeen[] = []
  for (const pid of childPids('self') ?? []) {
    if (skip?.has(pid)) continue
    const stat = readProcStat(pid)
    // Null: reaped while we looked.
    if (stat) seen.push({ pid, state: stat.state, start: stat.startTime })
  }
  return seen
}

/**
 * Makes this process (the pty host, the ancestor of every pane) a child subreaper: a process that
 * leaves its pane by double-forking (`setsid -f`, a daemonising job) is then reparented here rather
 * than to init, so its ancestry still leads to the board — which is how the control socket tells a
 * pane's escaped program from the user's own terminal (see paneOfProcess). Such adopted children
 * are nobody else's to wait for, so they are reaped here once they exit (see unwaitedZombies).
 */
export class ChildSubreaper implements IDisposable {
  private pending: IDisposable | null = null
  private last: ChildSeen[] = []
  private disposed = false
  private following: IDisposable | null = null
  /** Adopted programs told to the listener, by pid. */
  private readonly told = new Map<number, string>()
  private readonly onChild = () => this.schedule()

  private constructor(
    private readonly guard: Procguard,
    private readonly clock: Clock,
    private readonly look: (skip?: ReadonlySet<number | undefined>) => ChildSeen[],
    private readonly forked: () => Iterable<number>,
  ) {
    process.on('SIGCHLD', this.onChild)
  }

  /**
   * `forked`: the children this process started whose waiter runs off the event loop (node-pty's
   * waitpid thread), never reaped here even if a loaded machine holds that thread past the second
   * look. The reason, when the kernel or the addon cannot make this process a subreaper.
   */
  static start(
    guard: Procguard,
    clock: Clock,
    forked: () => Iterable<number> = () => [],
    look: (skip?: ReadonlySet<number | undefined>) => ChildSeen[] = childrenOfSelf,
  ): ChildSubreaper | { readonly missing: string } {
    if (!guard.becomeSubreaper()) return { missing: 'prctl(PR_SET_CHILD_SUBREAPER) was refused' }
    return new ChildSubreaper(guard, clock, look, forked)
  }

  /** Reaps the adopted children that have exited; returns their pids (the timer calls it; tests too). */
  reapNow(): number[] {
    const now = this.look()
    const theirs = new Set(this.forked())
    const reaped = unwaitedZombies(this.last, now).filter((pid) => !theirs.has(pid) && this.guard.reap(pid) !== -1)
    this.last = now.filter((c) => c.state === 'Z' && !reaped.includes(c.pid))
    return reaped
  }

  /**
   * Ends what this host adopted and what still runs (a quit: every pane ends, so what left one
   * must too). A program that double-forked out of its pane with a cleared environment carries
   * neither the reaper's tag nor a pane's session: only here is it known to be the board's. Its
   * process group goes with it. `ours`: the children this host started itself (reaper, daemons).
   */
  killAdopted(ours: Iterable<number | undefined>): number[] {
    const adopted = this.adoptedNow(ours).map((c) => c.pid)
    for (const pid of adopted) {
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, 'SIGKILL')
        } catch {
          // Swallow: no such group (it leads none), or it is gone already.
        }
      }
    }
    return adopted
  }

  /**
   * Tells `listener` of each adopted program as it is found (about once a second), and when it is
   * gone: the pty host can be killed without a word (kill -9), and then only someone outside it
   * can end what it adopted. `ours`: as for killAdopted, asked at every look (boards come and go).
   */
  followAdopted(ours: () => Iterable<number | undefined>, listener: AdoptionListener): void {
    this.following?.dispose()
    const look = () => {
      this.following = null
      if (this.disposed) return
      this.lookForAdopted(ours, listener)
      this.following = this.clock.setTimeout(look, ADOPTED_LOOK_MS)
    }
    look()
  }

  /** One look for followAdopted (tests call it). */
  lookForAdopted(ours: () => Iterable<number | undefined>, listener: AdoptionListener): void {
    const now = new Map(this.adoptedNow(ours()).map((c) => [c.pid, c.start]))
    for (const [pid, start] of this.told)
      if (now.get(pid) !== start) {
        this.told.delete(pid)
        listener.gone(pid)
      }
    for (const [pid, start] of now)
      if (!this.told.has(pid)) {
        this.told.set(pid, start)
        listener.adopted({ pid, start, state: '' })
      }
  }

  /** The live children this process did not start itself. */
  private adoptedNow(ours: Iterable<number | undefined>): ChildSeen[] {
    const spare = new Set<number | undefined>([...ours, ...this.forked()])
    return this.look(spare).filter((c) => c.state !== 'Z' && !spare.has(c.pid))
  }

  private schedule(): void {
    if (this.pending || this.disposed) return
    this.pending = this.clock.setTimeout(() => {
      this.pending = null
      this.reapNow()
      // A zombie seen once gets its second look; nothing left waiting: sleep until the next SIGCHLD.
      if (this.last.length) this.schedule()
    }, SubreaperConstants.SecondLookMs)
    // First look now: the second, a second later, then decides.
    this.last = this.look().filter((c) => c.state === 'Z')
  }

  dispose(): void {
    this.disposed = true
    process.off('SIGCHLD', this.onChild)
    this.pending?.dispose()
    this.pending = null
    this.following?.dispose()
    this.following = null
  }
}
