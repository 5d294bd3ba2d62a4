/**
 * "The whole board ends abruptly": what a crash, a power cut or a reboot does to every pane. The
 * crash and resume tests go through this one helper, so what it takes to end the whole board is
 * said in one place. Today the daemon holds every PTY: `kill -9` of it ends the board, and its
 * session reaper ends what the panes ran. (Once the PTYs live in a process of their own that
 * outlives the daemon, that process has to be killed here too.)
 */
import { processesOfBoard, type RunningBoard } from './boardServer'

export async function endBoardAbruptly(board: RunningBoard): Promise<void> {
  if (board.child.exitCode === null && board.child.signalCode === null) {
    const exited = new Promise((resolve) => board.child.once('exit', resolve))
    board.child.kill('SIGKILL')
    await exited
  }
  // What the dead board's panes left running is not ours to keep (a reboot ends it too).
  for (const p of processesOfBoard(board.runtimeDir)) {
    try {
      process.kill(Number(p.split(' ')[0]), 'SIGKILL')
    } catch {
      // Swallow: it ended meanwhile (the reaper got there first).
    }
  }
}
