import type { Clock } from '../../core/lifecycle/clock'
import type { BoardInfo } from '../../shared/ipc/contract'
import { Board } from '../panes/board'
import { realClock } from '../util/clock'
import type { Logger } from '../util/log'
import { ControlSocket } from './controlSocket'
import { ensurePrivateDir, runtimeDir, socketPathFor } from './runtimeDir'

export const APP_VERSION = '0.1.0'

export interface BoardHost {
  readonly board: Board
  readonly control: ControlSocket
  info(): BoardInfo
  /** Kills every pane's process tree, closes the socket; nothing keeps running. */
  shutdown(): Promise<void>
}

/** What both hosts (Electron and browser mode) start: the board and its control socket. */
export async function startBoardHost(options: {
  mode: BoardInfo['mode']
  log: Logger
  clock?: Clock
  env?: NodeJS.ProcessEnv
  defaultCwd?: string
}): Promise<BoardHost> {
  const env = options.env ?? process.env
  const dir = runtimeDir(env)
  ensurePrivateDir(dir)
  const socketPath = socketPathFor(dir)
  const board = new Board({ clock: options.clock ?? realClock, log: options.log, baseEnv: env, socketPath, defaultCwd: options.defaultCwd })
  const info = (): BoardInfo => ({ version: APP_VERSION, mode: options.mode, socketPath })
  const control = await ControlSocket.listen(socketPath, board, info, options.log)
  let stopping: Promise<void> | undefined
  return {
    board,
    control,
    info,
    shutdown: () =>
      (stopping ??= (async () => {
        control.dispose()
        await board.shutdown()
      })()),
  }
}
