import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Where the board's control socket lives: `$XDG_RUNTIME_DIR/switchboard` (per user, tmpfs) or a
 * per-user folder in the temp dir. The folder is 0700 and must be ours and not a symlink, so no
 * other user can reach or replace the socket.
 */
export function runtimeDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SWITCHBOARD_RUNTIME_DIR) return env.SWITCHBOARD_RUNTIME_DIR
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0
  return env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'switchboard') : join(tmpdir(), `switchboard-${uid}`)
}

/**
 * Makes sure `dir` is the board's own: a directory (not a symlink) of this user that no one else
 * could write to, holding nothing of anyone else's. A folder that group or others may write (a
 * `/tmp/switchboard-$UID` someone made 0777 before the board's first start) may already hold their
 * symlinks — `daemon.log` to a root-owned file, a state file into theirs — so it is refused with
 * what to do, not quietly chmod-ed and used; read bits alone are taken away.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const st = lstatSync(dir)
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory; remove it and start again`)
  const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid
  if (st.uid !== uid) throw new Error(`${dir} belongs to another user; refusing to put the control socket there`)
  if ((st.mode & 0o022) !== 0) {
    const who = [st.mode & 0o020 ? 'its group' : '', st.mode & 0o002 ? 'every user' : ''].filter(Boolean).join(' and ')
    throw new Error(
      `${dir} is writable by ${who} (mode ${(st.mode & 0o777).toString(8)}): anything in it may have been put there by someone else, so the board does not use it. Check what it holds, then \`chmod 700 ${dir}\` (or remove it) and start again`,
    )
  }
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700)
  const foreign = readdirSync(dir).filter((name) => {
    try {
      return lstatSync(join(dir, name)).uid !== uid
    } catch {
      return false // gone in between
    }
  })
  if (foreign.length) {
    throw new Error(
      `${dir} holds files of another user (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}): the board does not use it. Remove them (or the folder) and start again`,
    )
  }
}

/**
 * The daemon's control socket: one path per runtime dir that outlives the daemon's restarts, since
 * every pane carries it as SWITCHBOARD_SOCKET and panes outlive the daemon (they live in the pty
 * host). Boards before the pty host named theirs `board-<pid>.sock` (legacySocketPath).
 */
export function controlSocketPath(dir: string): string {
  return join(dir, 'board.sock')
}

export function legacySocketPath(dir: string, pid: number): string {
  return join(dir, `board-${pid}.sock`)
}

/** The control socket, and those of older boards (`board-<pid>.sock`), in the runtime dir. */
export function listSockets(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name === 'board.sock' || /^board-\d+\.sock$/.test(name))
      .map((name) => join(dir, name))
  } catch {
    return []
  }
}
