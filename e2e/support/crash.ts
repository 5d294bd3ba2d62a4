/**
 * "The whole board ends abruptly": what a crash, a power cut or a reboot does to every pane. The
 * crash and resume tests go through this one helper, so what it takes to end the whole board is
 * said in one place. The PTYs live in the pty host, which outlives the daemon (a kill -9 of the
 * daemon alone loses no pane): both are killed at once, then whatever the panes ran.
 */
import { crashWholeBoard, processesOfBoard, type RunningBoard } from './boardServer'

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
