import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs'

/**
 * Opening files that someone else may have put in place, without following them where they lead
 * or blocking on them. `open()` of a FIFO waits for a writer — on the board's one thread, until
 * someone writes (a FIFO at settings.json froze the board for as long as it was left there) — and
 * a symlink makes a write land wherever it points (a planted `daemon.log` link had the board
 * append to a root-owned file). Every config, rule and runtime file the board opens goes through
 * here: `lstat` first (only a regular file is opened), then `O_NOFOLLOW | O_NONBLOCK`, then
 * `fstat` of what was opened (the same regular file, not one swapped in between).
 */

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = constants

/** Files the board reads by itself are small; a larger one is refused, not read into memory. */
export const MAX_READ_BYTES = 16 * 1024 * 1024

export class UnsafeFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    /** ENOENT when the file is not there at all, else the errno or kind that refused it. */
    readonly code: string,
  ) {
    super(`${path} ${reason}`)
  }
}

function kindOf(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link'
  if (st.isFIFO()) return 'a FIFO (named pipe)'
  if (st.isDirectory()) return 'a directory'
  if (st.isSocket()) return 'a socket'
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device'
  return 'not a regular file'
}

function refuse(path: string, st: Stats): never {
  throw new UnsafeFileError(path, `is ${kindOf(st)}, not a regular file: the board does not open it (replace it with a plain file)`, 'ENOTREG')
}

function openChecked(path: string, flags: number, mode?: number): number {
  let fd: number
  try {
    fd = openSync(path, flags | O_NOFOLLOW | O_NONBLOCK, mode)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO'
    // O_NOFOLLOW on a symlink: ELOOP. Say what it is rather than the errno.
    if (code === 'ELOOP') throw new UnsafeFileError(path, 'is a symbolic link: the board does not follow it (replace it with a plain file)', 'ELOOP')
    throw err
  }
  const st = fstatSync(fd)
  if (!st.isFile()) {
    closeSync(fd)
    refuse(path, st)
  }
  return fd
}

/**
 * The text of a regular file. Throws UnsafeFileError for anything else (FIFO, symlink, device,
 * directory, too large) and the fs error (ENOENT, EACCES) when it cannot be opened.
 */
export function readRegularFile(path: string, maxBytes = MAX_READ_BYTES): string {
  const st = lstatSync(path)
  if (!st.isFile()) refuse(path, st)
  const fd = openChecked(path, O_RDONLY)
  try {
    const size = fstatSync(fd).size
    if (size > maxBytes) throw new UnsafeFileError(path, `is ${size} bytes, more than the ${maxBytes} the board reads`, 'EFBIG')
    const buf = Buffer.alloc(size)
    let got = 0
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got)
      if (n === 0) break
      got += n
    }
    return buf.toString('utf8', 0, got)
  } finally {
    closeSync(fd)
  }
}

/** A new file, created here and now (O_EXCL): never an existing file, FIFO or symlink's target. */
export function createExclusive(path: string, mode = 0o600): number {
  return openChecked(path, O_WRONLY | O_CREAT | O_EXCL, mode)
}

/** A log-like file opened for appending: created 0600 if missing, refused if not a regular file. */
export function openForAppend(path: string, mode = 0o600): number {
  return openChecked(path, O_WRONLY | O_CREAT | O_APPEND, mode)
}
