import { afterEach, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { crashWholeBoard, ROOT, ensureBuilt, startBoard, type RunningBoard } from './support/boardServer'

const bin = join(ROOT, 'bin/switchboard.js')
let board: RunningBoard | null = null
/** Jobs a failed test may have left running. */
const leftovers: number[] = []

afterEach(async () => {
  await board?.stop().catch(() => undefined)
  board?.cleanup()
  board = null
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Swallow: it ended, as it should.
    }
  }
})

function cli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, SWITCHBOARD_SOCKET: '', SWITCHBOARD_RUNTIME_DIR: board!.runtimeDir }, timeout: 20_000 },
      (err, stdout, stderr) => (err ? reject(new Error(`switchboard ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout)),
    ),
  )
}

/** Live processes started under this board: every pane inherits the board's private HOME. */
function survivors(b: RunningBoard): string[] {
  const home = `HOME=${join(dirname(b.runtimeDir), 'home')}\0`
  const found: string[] = []
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    if (Number(pid) === b.child.pid) continue
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(home)) continue
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue
      found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`)
    } catch {
      // Swallow: it ended while we looked.
    }
  }
  return found
}

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Panes with jobs that leave the pane's session (setsid) or ignore the hang-up (nohup). */
async function spawnStubbornPanes(): Promise<void> {
  for (let i = 0; i < 3; i++)
    await cli(['spawn', '--', 'bash', '-c', `setsid sleep 100${i} & nohup sleep 200${i} >/dev/null 2>&1 & (trap '' HUP; sleep 300${i}) & sleep 400${i}`])
  await until(() => survivors(board!).filter((p) => / sleep /.test(` ${p} `) || /sleep \d/.test(p)).length >= 12, 'every job to start', 10_000)
}

/**
 * A pane whose job double-forks out of it (`setsid -f`) with a cleared environment: it carries
 * neither the reaper's tag nor the pane's session. The pty host, a child subreaper, adopts it.
 */
async function spawnEscapedJob(): Promise<{ pid: number; alive: () => boolean }> {
  ensureBuilt()
  board = await startBoard()
  const pidFile = join(dirname(board.runtimeDir), 'escaped.pid')
  await cli(['spawn', '--', 'bash', '-c', `setsid -f env -i /bin/sh -c 'echo $$ > ${pidFile}.tmp; mv ${pidFile}.tmp ${pidFile}; exec sleep 5001'; sleep 4001`])
  await until(() => existsSync(pidFile), 'the escaped job to start', 10_000)
  const pid = Number(readFileSync(pidFile, 'utf8'))
  leftovers.push(pid)
  const alive = () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
    } catch {
      return false
    }
  }
  expect(alive()).toBe(true)
  expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain('SWITCHBOARD')
  return { pid, alive }
}

describe.runIf(process.platform === 'linux')('killing the board leaves no process of its panes behind', () => {
  it('kill -9 of the whole board (daemon and pty host): the session reaper kills every pane process, setsid and nohup jobs included', async () => {
    ensureBuilt()
    board = await startBoard()
    await spawnStubbornPanes()
    crashWholeBoard(board.child.pid!, board.runtimeDir)
    await until(() => board!.child.exitCode !== null || board!.child.signalCode !== null, 'the board to die', 5_000)
    await until(() => survivors(board!).length === 0, `0 survivors (left: ${survivors(board!).join('; ')})`, 5_000)
  })

  // A job that double-forks out of its pane and clears its environment carries neither the
  // reaper's tag nor a pane's session: it outlived the quit. The pty host adopted it (issue 24.4).
  it('SIGTERM: a job that double-forked out of its pane with a cleared environment ends too', async () => {
    const escaped = await spawnEscapedJob()
    expect(await board!.stop()).toBe(0)
    await until(() => !escaped.alive(), `the escaped job ${escaped.pid} to end`, 5_000)
  })

  // The same job when the board gets no word in at all: the pty host told the reaper what it had adopted.
  it('kill -9 of the whole board: a job that double-forked out of its pane with a cleared environment ends too', async () => {
    const escaped = await spawnEscapedJob()
    // The pty host looks for adopted programs about once a second, and says when it found one.
    const ptyHostLog = join(board!.runtimeDir, 'ptyhost.log')
    const found = `"pid":${escaped.pid}`
    await until(
      () =>
        existsSync(ptyHostLog) &&
        readFileSync(ptyHostLog, 'utf8')
          .split('\n')
          .some((l) => l.includes('adopted a program') && l.includes(found)),
      'the pty host to adopt it',
      10_000,
    )
    crashWholeBoard(board!.child.pid!, board!.runtimeDir)
    await until(() => board!.child.exitCode !== null || board!.child.signalCode !== null, 'the board to die', 5_000)
    await until(() => !escaped.alive(), `the escaped job ${escaped.pid} to end`, 5_000)
  })

  it('SIGTERM: the board ends every pane and the reaper the jobs that escaped the session', async () => {
    ensureBuilt()
    board = await startBoard()
    await spawnStubbornPanes()
    expect(await board.stop()).toBe(0)
    await until(() => survivors(board!).length === 0, `0 survivors (left: ${survivors(board!).join('; ')})`, 5_000)
  })
})
