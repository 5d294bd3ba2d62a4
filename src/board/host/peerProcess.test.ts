import { describe, expect, it } from 'vitest'
import { paneOfProcess, type ProcessStat } from './peerProcess'

/** A process table as /proc would show it: pid → parent and session. */
function table(rows: Record<number, ProcessStat>): (pid: number) => ProcessStat | null {
  return (pid) => rows[pid] ?? null
}

describe('paneOfProcess', () => {
  it('finds the pane of a process in its session or below its pid', () => {
    const stat = table({ 500: { ppid: 400, session: 400 }, 400: { ppid: 1, session: 400 }, 700: { ppid: 600, session: 7 }, 600: { ppid: 1, session: 6 } })
    const panes = [
      { id: '1', pid: 400 },
      { id: '2', pid: 600 },
    ]
    expect(paneOfProcess(500, panes, '/run/board.sock', stat)).toEqual({ kind: 'pane', paneId: '1' })
    expect(paneOfProcess(700, panes, '/run/board.sock', stat)).toEqual({ kind: 'pane', paneId: '2' })
  })

  // Issue 24.4: `setsid -f env -i PATH=$PATH switchboard write 1 …` from a pane typed into pane 1. It left
  // the pane's session, its parents (reparented) and its environment; the pty host, a child subreaper,
  // adopted it, so its parent is the pty host.
  it('says a process adopted by the pty host left its pane; one below the board itself, or elsewhere, is in none', () => {
    const ptyHost = 300
    const board = 350
    const stat = table({
      400: { ppid: ptyHost, session: 400 },
      910: { ppid: ptyHost, session: 910 },
      ...{ [ptyHost]: { ppid: 1, session: ptyHost } },
      920: { ppid: board, session: 920 },
      ...{ [board]: { ppid: ptyHost, session: board } },
      930: { ppid: 929, session: 929 },
      929: { ppid: 1, session: 929 },
    })
    const panes = [{ id: '1', pid: 400 }]
    const ancestors = { board, ptyHost }
    expect(paneOfProcess(910, panes, '/nonexistent/board.sock', stat, ancestors)).toEqual({ kind: 'left-pane', via: ptyHost })
    expect(paneOfProcess(920, panes, '/nonexistent/board.sock', stat, ancestors)).toBeNull()
    expect(paneOfProcess(930, panes, '/nonexistent/board.sock', stat, ancestors)).toBeNull()
    // Without a pty host (an in-process board) nothing is adopted: the old answer.
    expect(paneOfProcess(910, panes, '/nonexistent/board.sock', stat, { board })).toBeNull()
  })

  // Seen in CI: a test run started by `docker exec` has session id 0, and a pane restored after a
  // crash (not running) has pid 0. The user's own CLI was taken for that pane and saw only it.
  it('never takes a process for a pane that is not running (pid 0), even when its session reads 0', () => {
    const stat = table({ 900: { ppid: 800, session: 0 }, 800: { ppid: 0, session: 0 } })
    const panes = [
      { id: '1', pid: 0 },
      { id: '2', pid: 0 },
      { id: '3', pid: 1 },
    ]
    expect(paneOfProcess(900, panes, '/nonexistent/board.sock', stat)).toBeNull()
  })
})
