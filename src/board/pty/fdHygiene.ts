import { closeSync, fstatSync, openSync, readdirSync, readFileSync } from 'node:fs'

/** O_CLOEXEC as /proc/<pid>/fdinfo prints it (octal flags). */
const O_CLOEXEC = 0o2000000

function openDescriptors(): number[] {
  try {
    return readdirSync('/proc/self/fd')
      .map(Number)
      .filter((fd) => Number.isInteger(fd))
  } catch {
    return []
  }
}

function isOpen(fd: number): boolean {
  try {
    fstatSync(fd)
    return true
  } catch {
    return false
  }
}

/**
 * Descriptors ≥ 3 this process holds without close-on-exec (Linux): inherited from whoever
 * started it — Node and libuv open everything of their own with O_CLOEXEC. Every program this
 * process starts would inherit them (issue 24: an fd 251 of the shell that started the board
 * reached every pane).
 */
export function inheritedDescriptors(): number[] {
  if (process.platform !== 'linux') return []
  const out: number[] = []
  for (const fd of openDescriptors()) {
    if (fd < 3) continue
    try {
      const flags = /flags:\s*([0-7]+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1]
      if (flags !== undefined && (parseInt(flags, 8) & O_CLOEXEC) === 0) out.push(fd)
    } catch {
      // Swallow: the descriptor of the listing itself, gone by now.
    }
  }
  return out
}

/**
 * Closes every inherited descriptor ≥ 3 (see inheritedDescriptors). Call first thing in a process
 * that starts panes, before it opens anything of its own. Returns the descriptors closed.
 */
export function closeInheritedDescriptors(): number[] {
  const closed: number[] = []
  for (const fd of inheritedDescriptors()) {
    try {
      closeSync(fd)
      closed.push(fd)
    } catch {
      // Swallow: already closed.
    }
  }
  return closed
}

/**
 * Runs `spawn` (a node-pty fork) with this process's descriptor table dense from 3 up to `top`
 * (the highest PTY master this process holds), then closes the fillers again.
 *
 * node-pty's child marks descriptors close-on-exec before exec: with `close_range` where it was
 * built with it, else one by one from 3, stopping at the first closed descriptor above 15 — the
 * prebuilt Linux binary (1.2.0-beta.15) takes that path. One gap (a pane that ended) and every
 * descriptor above it, other panes' PTY masters included, reached the new pane's program, which
 * could then type into those panes (measured: 25 panes, every other one ended, the 26th held 12
 * /dev/ptmx). Filling the gaps with /dev/null (opened close-on-exec) lets the loop reach the top.
 * Only the masters need it: everything Node and libuv open is close-on-exec already, and what
 * this process inherited is closed at its start (closeInheritedDescriptors). Gaps are found with
 * fstat, not a listing: reading /proc/self/fd would open a descriptor of its own in the lowest gap.
 */
export function withDenseDescriptors<T>(top: number, spawn: () => T): T {
  if (process.platform !== 'linux' || top <= 15) return spawn()
  const fillers: number[] = []
  try {
    let gaps = 0
    for (let fd = 3; fd < top; fd++) if (!isOpen(fd)) gaps++
    for (let i = 0; i < gaps; i++) fillers.push(openSync('/dev/null', 'r'))
    return spawn()
  } finally {
    for (const fd of fillers) {
      try {
        closeSync(fd)
      } catch {
        // Swallow: nothing else holds a filler.
      }
    }
  }
}
