/**
 * "The whole board ends abruptly": what a crash, a power cut or a reboot does to every pane. The
 * crash and resume tests go through this one helper, so what it takes to end the whole board is
 * said in one place. The PTYs live in the pty host, which outlives the daemon (a kill -9 of the
 * daemon alone loses no pane): both are killed at once, then whatever the panes ran.
 */
import { connectToBoard } from '../../src/client/connect'
import { eventually } from '../../src/board/test/support'
import { crashWholeBoard, processesOfBoard, type RunningBoard } from './boardServer'

/**
 * Waits until the board has saved every screen its panes had parsed when this was called, so a
 * crash after it keeps them (the board says so in board:info; screens are saved debounced).
 * Outwaiting the debounce instead was a guess that a loaded machine could make wrong.
 */
export async function screensSaved(board: RunningBoard, timeoutMs = 20_000): Promise<void> {
  const asOf = Date.now()
  const conn = await connectToBoard(board.socketPath, process.env)
  try {
    await eventually(
      async () => {
        const through = (await conn.client.invoke('board:info')).workspace?.screensSavedThrough
        if (through === undefined) throw new Error('this board says nothing of its saved screens (no workspace, or a board older than screensSavedThrough)')
        return through >= asOf
      },
      `the board to save the screens it showed at ${new Date(asOf).toISOString()}`,
      timeoutMs,
    )
  } finally {
    conn.close()
  }
}

export async function endBoardAbruptly(board: RunningBoard): Promise<void> {
  if (board.child.exitCode === null && board.child.signalCode === null) {
    const exited = new Promise((resolve) => board.child.once('exit', resolve))
    crashWholeBoard(board.child.pid!, board.runtimeDir)
    await exited
  } else crashWholeBoard(0, board.runtimeDir)
  // What the dead board's panes left running is not ours to keep (a reboot ends it too).
  for (const p of processesOfBoard(board.runtimeDir)) {
    try {
      process.kill(Number(p.split(' ')[0]), 'SIGKILL')
    } catch {
      // Swallow: it ended meanwhile (the reaper got there first).
    }
  }
}
