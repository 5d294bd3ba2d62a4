/**
 * A passed terminal as its pane drives it (RemotePty over PassedSide): real PTYs held by a
 * PtyProcess that never reads, read here by FdTerminal, written down by a real OutputLog. The
 * link records what would go to the pty host (its socket is ptyHost.test's).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FdTerminal } from './fdTerminal'
import { loadFdPass, type FdPass } from './fdPass'
import { OutputLog } from './outputLog'
import { RemotePty, type RemotePtyLink } from './remotePty'
import { realClock } from '../util/clock'
import { eventually, heldPty } from '../test/support'

const fdPass = loadFdPass()
const disposers: (() => void)[] = []
afterEach(() => {
  for (const d of disposers.splice(0)) d()
})

function recordingLink(): RemotePtyLink & { readonly sent: string[] } {
  const sent: string[] = []
  const note = (what: string) => () => void sent.push(what)
  return {
    sent,
    input: (_id, data) => void sent.push(`input ${data}`),
    resize: note('resize'),
    pause: note('pause'),
    resume: note('resume'),
    kill: async () => undefined,
    checkpoint: (_id, offset) => void sent.push(`checkpoint ${offset}`),
    release: note('release'),
  }
}

/** A program in a held PTY, and a pane's RemotePty for it taken over from a host that passes terminals on. */
function passed(script: string) {
  const pass = fdPass as FdPass
  const held = heldPty(script)
  // The host's own copy, as PassedPty keeps it: it outlives the program (its last words wait in it).
  const passedFd = pass.dup(held.masterFd!)
  const root = mkdtempSync(join(tmpdir(), 'sb-side-'))
  const logDir = join(root, 'key-1')
  const link = recordingLink()
  const pty = new RemotePty(link, { id: 1, pid: held.pid, key: 'key-1', from: 0, direct: true })
  let text = ''
  const exits: number[] = []
  pty.onData((data) => (text += data))
  pty.onExit((exit) => exits.push(exit.code))
  /** The descriptor comes, as the host sends it just before `attached`. */
  const arrive = () => {
    const log = new OutputLog(logDir, 0, () => undefined)
    const terminal = new FdTerminal(passedFd, 0, { data: (t, end) => pty.output(t, end) }, realClock, log, (fd) => pass.dup(fd))
    pty.readDirectly(terminal, log)
  }
  disposers.push(() => {
    pty.dispose()
    held.dispose()
    rmSync(root, { recursive: true, force: true })
  })
  return { pty, held, link, logDir, arrive, text: () => text, exits }
}

describe.skipIf(!fdPass)('a passed terminal driven by its pane', () => {
  it('types, and holds its flow, in order once its descriptor comes; none of it goes to the host', async () => {
    const t = passed('stty -echo; read a; read b; echo "got $a $b"; sleep 5')
    t.pty.write('one\r')
    t.pty.pause()
    t.pty.write('two\r')
    t.pty.resume()
    t.arrive()
    await eventually(() => t.text().includes('got one two'), 'both lines read back in order')
    expect(t.link.sent).toEqual([])
  })

  it('keeps an exit that came before its descriptor, and delivers it after the last words were read', async () => {
    const t = passed('printf "last words"; exit 3')
    await eventually(() => t.held.hasExited, 'the program to end')
    t.pty.exited({ code: 3, signal: null })
    expect(t.exits).toEqual([])
    t.arrive()
    await eventually(() => t.exits.length > 0, 'the exit')
    expect(t.exits).toEqual([3])
    expect(t.text()).toBe('last words')
  })

  it('leaves its log to the board that took it over, and removes it when the pane forgets it here', async () => {
    const kept = passed('printf "on screen"; sleep 5')
    kept.arrive()
    await eventually(() => kept.text() === 'on screen', 'the output')
    kept.pty.letGo()
    kept.pty.forget()
    expect(existsSync(kept.logDir)).toBe(true)

    const gone = passed('printf "on screen"; sleep 5')
    gone.arrive()
    await eventually(() => gone.text() === 'on screen', 'the output')
    gone.pty.checkpoint(4)
    gone.pty.dispose()
    gone.pty.forget()
    expect(existsSync(gone.logDir)).toBe(false)
    expect(gone.link.sent).toEqual(['checkpoint 4'])
  })
})
