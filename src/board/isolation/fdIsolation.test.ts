import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBoardHost, type BoardHost } from '../host/boardHost'
import { silentLogger } from '../util/log'
import { eventually, screenText } from '../test/support'

/** Descriptors this test process inherited without close-on-exec: they are its launcher's, not the board's. */
function inheritedFds(): Set<string> {
  const out = new Set<string>()
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const flags = /flags:\s*(\d+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1]
      const target = readlinkSync(`/proc/self/fd/${fd}`)
      // O_CLOEXEC is 02000000 (octal).
      if (flags && (parseInt(flags, 8) & 0o2000000) === 0 && target !== '/dev/ptmx') out.add(`${fd} ${target}`)
    } catch {
      // Swallow: the descriptor of readdir itself is gone by now.
    }
  }
  return out
}

const inherited = inheritedFds()
let host: BoardHost | null = null
afterEach(async () => {
  await host?.shutdown()
  host = null
})

async function startHost(): Promise<BoardHost> {
  const runtime = mkdtempSync(join(tmpdir(), 'sb-fd-'))
  host = await startBoardHost({
    mode: 'browser',
    log: silentLogger,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_RUNTIME_DIR: runtime, SWITCHBOARD_DATA_DIR: join(runtime, 'data') },
    defaultCwd: tmpdir(),
  })
  return host
}

/** The descriptors a pane's shell holds, as `fd target` lines, listed by `list` ending with END-OF-LIST. */
async function descriptorsOf(board: BoardHost['board'], list: string): Promise<string[]> {
  const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-c', list], cols: 200, rows: 60 })
  const pane = board.get(id)
  const text = await eventually(async () => {
    const t = await screenText(pane)
    return t.includes('END-OF-LIST') ? t : null
  }, 'the descriptor list')
  return text
    .split('\n')
    .map((l) => / (\d+) -> (.+)$/.exec(l.trim()))
    .filter((m) => m !== null)
    .map((m) => `${m[1]} ${m[2]}`)
}

describe.runIf(process.platform === 'linux')('no descriptor crosses panes', () => {
  it('a pane and its children hold only their own terminal: no /dev/ptmx, no other pane, no socket of the board', async () => {
    const { board } = await startHost()
    for (let i = 0; i < 3; i++) board.create({ command: ['sleep', '30'] })
    // The pane's shell lists its own descriptors, then a child (forked by the shell) lists its own.
    const list = "ls -lN /proc/$$/fd; sh -c 'ls -lN /proc/$$/fd'; echo END-OF-LIST"
    const { id } = board.create({ command: ['bash', '--norc', '--noprofile', '-c', list], cols: 200, rows: 60 })
    const pane = board.get(id)
    const text = await eventually(async () => {
      const t = await screenText(pane)
      return t.includes('END-OF-LIST') ? t : null
    }, 'the descriptor list')
    const fds = text
      .split('\n')
      .map((l) => / (\d+) -> (.+)$/.exec(l.trim()))
      .filter((m) => m !== null)
      .map((m) => `${m[1]} ${m[2]}`)
    expect(fds.length).toBeGreaterThan(3)
    const ttys = new Set(fds.filter((f) => / \/dev\/pts\//.test(f)).map((f) => f.split(' ')[1]))
    const foreign = fds.filter((f) => {
      const target = f.slice(f.indexOf(' ') + 1)
      if (inherited.has(f)) return false
      if (target.startsWith('/proc/')) return false // ls reading the fd folder
      return !/^\/dev\/pts\/\d+$/.test(target)
    })
    expect(foreign).toEqual([])
    // Exactly one terminal: the pane's own.
    expect(ttys.size).toBe(1)
  })

  it("a pane started after other panes ended holds no other pane's terminal (gaps in the board's descriptor table)", async () => {
    const { board } = await startHost()
    const sleepers = Array.from({ length: 24 }, () => board.get(board.create({ command: ['sleep', '60'] }).id))
    // Every other one ends: its master's descriptor closes and leaves a gap below the others.
    const ended = sleepers.filter((_, i) => i % 2 === 0)
    await Promise.all(ended.map((p) => p.kill()))
    await eventually(() => ended.every((p) => p.exit !== null), 'the ended panes to exit')
    const fds = await descriptorsOf(board, 'ls -lN /proc/$$/fd; echo END-OF-LIST')
    expect(fds.filter((f) => !inherited.has(f) && !/ \/proc\//.test(f) && !/ \/dev\/pts\/\d+$/.test(f))).toEqual([])
  })

  it('a program in one pane cannot type into another pane (the node-pty 1.1.0 master-fd injection)', async () => {
    const { board } = await startHost()
    const victim = board.get(board.create({ command: ['cat'] }).id)
    const inject =
      'for n in $(ls /proc/$$/fd); do t=$(readlink /proc/$$/fd/$n); case "$t" in /dev/ptmx|/dev/pts/*) printf "INJECTED\\r" >&$n 2>/dev/null;; esac; done; echo TRIED'
    const attacker = board.get(board.create({ command: ['bash', '--norc', '--noprofile', '-c', inject] }).id)
    await eventually(async () => (await screenText(attacker)).includes('TRIED'), 'the attacker to finish')
    // cat echoes whatever reaches its terminal, in order: a line typed now shows up after anything
    // the attacker got in (it wrote before it printed TRIED), so once it is on screen the screen tells.
    victim.write('AFTER-THE-ATTACK\r')
    await eventually(async () => (await screenText(victim)).includes('AFTER-THE-ATTACK'), 'the victim to echo a line typed after the attack')
    expect(await screenText(victim)).not.toContain('INJECTED')
  })
})
