import { loadNativeAddon } from '../util/nativeAddon'

/**
 * native/fdpass: a terminal's master descriptor passed from the pty host, which holds it, to the
 * board's process, which reads and writes it (see fdpass.c).
 */
export interface FdPass {
  /** A Unix stream socket connected to `path`, outside libuv (close-on-exec). */
  connect(path: string): number
  /** Sends one descriptor with one byte; throws (code EAGAIN when the socket is full). */
  send(socket: number, fd: number): void
  /** The descriptors waiting on `socket`, in order (close-on-exec); none when nothing waits. */
  recv(socket: number): number[]
  /** A close-on-exec copy of `fd`. */
  dup(fd: number): number
}

/**
 * The addon, or why terminals are not passed: it is not built, or the user turned it off with
 * SWITCHBOARD_PTY_DIRECT=0 (the pty host then reads every terminal and forwards its bytes).
 */
export function loadFdPass(env: NodeJS.ProcessEnv = process.env): FdPass | { readonly missing: string } {
  if (process.platform === 'win32') return { missing: 'descriptor passing is POSIX only' }
  if (env.SWITCHBOARD_PTY_DIRECT === '0') return { missing: 'SWITCHBOARD_PTY_DIRECT=0' }
  return loadNativeAddon<FdPass>('fdpass')
}
