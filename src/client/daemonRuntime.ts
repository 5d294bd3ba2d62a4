/**
 * What runs a new daemon: the runtime this process runs on. Under the packaged app (its binary
 * run as Node: the CLI launcher resources/cli/switchboard, or the Electron host) that is the app's
 * own binary with ELECTRON_RUN_AS_NODE=1 — the system's node cannot load the better-sqlite3 that
 * electron-builder rebuilt for Electron's ABI (NODE_MODULE_VERSION mismatch), and may be absent.
 * Under plain Node (a checkout) it is that node. Pure: the caller passes its process's facts.
 */
import { BOARD_PROCESS_FLAGS } from '../board/util/heapLimits'

export interface RuntimeFacts {
  /** process.execPath */
  readonly execPath: string
  /** process.versions.electron: set under Electron, also when run as Node. */
  readonly electron: string | undefined
}

export interface DaemonRuntime {
  readonly execPath: string
  /** Node's options, before the daemon's script (see heapLimits.ts). */
  readonly execArgv: readonly string[]
  /** Added to the daemon's environment. */
  readonly env: Readonly<Record<string, string>>
}

export function daemonRuntime(self: RuntimeFacts, requested?: string): DaemonRuntime {
  const execPath = requested ?? self.execPath
  // Electron's binary is Node only with this; another runtime asked for by name gets nothing added.
  return { execPath, execArgv: BOARD_PROCESS_FLAGS, env: self.electron && execPath === self.execPath ? { ELECTRON_RUN_AS_NODE: '1' } : {} }
}
