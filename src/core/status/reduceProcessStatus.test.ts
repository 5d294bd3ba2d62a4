import { describe, expect, it } from 'vitest'
import { initialVerdict, reduceProcessStatus } from './reduceProcessStatus'

const shellPane = { rootIsShell: true }
const agentPane = { rootIsShell: false, agent: 'claude' }
const programPane = { rootIsShell: false, agent: null }
const bash = { pid: 10, argv: ['bash'], isRoot: true }
const sleep = { pid: 11, argv: ['sleep', '2'], isRoot: false }

describe('reduceProcessStatus', () => {
  it('a shell pane is idle with its shell in front and working while a job is', () => {
    const v0 = initialVerdict(0)
    const v1 = reduceProcessStatus(v0, { kind: 'foreground', at: 5, program: bash }, shellPane)
    expect(v1).toMatchObject({ state: 'idle', since: 5 })
    const v2 = reduceProcessStatus(v1, { kind: 'foreground', at: 9, program: sleep }, shellPane)
    expect(v2).toMatchObject({ state: 'working', since: 9, evidence: [{ source: 'process', detail: 'sleep 2 runs in front (pid 11)' }] })
  })

  it('a shell in front that is not at rest works: its own loop of builtins, or wait for a job it started', () => {
    const idle = reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 5, program: bash }, shellPane)
    const looping = reduceProcessStatus(idle, { kind: 'foreground', at: 7, program: { ...bash, rootBusy: 'running' } }, shellPane)
    expect(looping).toMatchObject({ state: 'working', evidence: [{ detail: 'shell bash runs its own commands, not at its prompt (pid 10)' }] })
    const waiting = reduceProcessStatus(idle, { kind: 'foreground', at: 7, program: { ...bash, rootBusy: 'waiting for a child' } }, shellPane)
    expect(waiting).toMatchObject({ state: 'working', evidence: [{ detail: 'shell bash waits for a child it started, not at its prompt (pid 10)' }] })
    expect(reduceProcessStatus(waiting, { kind: 'foreground', at: 9, program: bash }, shellPane)).toMatchObject({ state: 'idle', since: 9 })
  })

  it('returns the same verdict object when nothing changes (so no event fires)', () => {
    const v1 = reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 5, program: bash }, shellPane)
    expect(reduceProcessStatus(v1, { kind: 'foreground', at: 7, program: { ...bash } }, shellPane)).toBe(v1)
  })

  it('an agent in front is unknown, never a guessed idle', () => {
    const v = reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 3, program: { pid: 3, argv: ['claude'], isRoot: true } }, agentPane)
    expect(v.state).toBe('unknown')
    expect(v.evidence[0]?.detail).toMatch(/cannot tell working from waiting/)
  })

  it('exit is final and says how the process ended', () => {
    const exited = reduceProcessStatus(initialVerdict(0), { kind: 'exit', at: 8, code: 0, signal: 9 }, shellPane)
    expect(exited).toMatchObject({ state: 'exited', evidence: [{ source: 'exit', detail: 'process ended: killed by SIGKILL' }] })
    expect(reduceProcessStatus(exited, { kind: 'foreground', at: 9, program: bash }, shellPane)).toBe(exited)
  })

  it('a plain program (or a bash -c script) in front runs; one asleep reading the terminal waits for input', () => {
    const loop = { pid: 20, argv: ['bash', '-c', 'while true; do echo tick; done'], isRoot: true }
    const working = reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 2, program: loop }, programPane)
    expect(working).toMatchObject({ state: 'working', evidence: [{ detail: expect.stringMatching(/^bash -c while true.* runs \(pid 20\)$/) }] })
    const input = reduceProcessStatus(working, { kind: 'foreground', at: 4, program: loop, reader: { pid: 20, argv: loop.argv } }, programPane)
    expect(input).toMatchObject({ state: 'input', since: 4, evidence: [{ source: 'process', detail: expect.stringMatching(/^waiting for input: bash -c/) }] })
    expect(reduceProcessStatus(input, { kind: 'foreground', at: 6, program: loop, reader: null }, programPane).state).toBe('working')
  })

  it("a shell's own prompt is idle even when it reads with read(2) (dash); bash in read(2) is its read builtin", () => {
    const dash = { pid: 10, argv: ['dash'], isRoot: true }
    expect(reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 1, program: dash, reader: { pid: 10, argv: ['dash'] } }, shellPane).state).toBe(
      'idle',
    )
    expect(reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 1, program: bash, reader: { pid: 10, argv: ['bash'] } }, shellPane).state).toBe(
      'input',
    )
    expect(
      reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 1, program: sleep, reader: { pid: 11, argv: ['cp', '-i'] } }, shellPane).state,
    ).toBe('input')
  })

  it('an agent pane never takes a reader as waiting: agents are read from their screen and reports', () => {
    const claude = { pid: 3, argv: ['claude'], isRoot: true }
    expect(reduceProcessStatus(initialVerdict(0), { kind: 'foreground', at: 1, program: claude, reader: { pid: 3, argv: ['claude'] } }, agentPane).state).toBe(
      'unknown',
    )
  })
})
