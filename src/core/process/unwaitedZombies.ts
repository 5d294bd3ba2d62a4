/** One child of this process as /proc shows it. */
export interface ChildSeen {
  readonly pid: number
  /** /proc/<pid>/stat's state letter ('Z': exited, not waited for yet). */
  readonly state: string
  /** Its start time (stat field 22): a pid reused between two looks is another process. */
  readonly start: string
}

/**
 * The children nobody waits for: zombies in two looks a while apart, as the same process. libuv and
 * node-pty collect the children they forked as soon as those exit (on SIGCHLD, or from a thread
 * blocked in waitpid), so a zombie still there at the second look was adopted — a process that
 * left a pane by double-forking and was reparented to this subreaper — and is ours to reap.
 * Reaping one of theirs instead would steal its exit status, hence the second look.
 */
export function unwaitedZombies(before: readonly ChildSeen[], now: readonly ChildSeen[]): number[] {
  const earlier = new Map(before.filter((c) => c.state === 'Z').map((c) => [c.pid, c.start]))
  return now.filter((c) => c.state === 'Z' && earlier.get(c.pid) === c.start).map((c) => c.pid)
}
