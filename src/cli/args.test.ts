import { describe, expect, it } from 'vitest'
import { parseCli, unescapeText, UsageError } from './args'
import { VERB_USAGE, verbHelp } from '../shared/cli/verbUsage'

describe('CLI arguments', () => {
  it('parses spawn with repeated --env, cwd, title and the command after --', () => {
    expect(parseCli(['spawn', '--cwd', '/tmp', '--env', 'A=1', '--env', 'B=x=y', '--title', 'T', '--', 'claude', '--flag', '-x'])).toEqual({
      socket: undefined,
      command: {
        name: 'spawn',
        argv: ['claude', '--flag', '-x'],
        cwd: '/tmp',
        env: { A: '1', B: 'x=y' },
        title: 'T',
        cols: undefined,
        rows: undefined,
        launch: { args: [] },
      },
    })
    expect(parseCli(['spawn']).command).toMatchObject({ name: 'spawn', argv: [] })
  })

  it('parses changes', () => {
    expect(parseCli(['changes', '3']).command).toEqual({ name: 'changes', pane: '3', json: false, diff: false })
    expect(parseCli(['changes', '3', '--diff', '--json']).command).toEqual({ name: 'changes', pane: '3', json: true, diff: true })
    expect(() => parseCli(['changes'])).toThrow(/usage is changes PANE/)
  })

  it('parses close with the worktree choice', () => {
    expect(parseCli(['close', '3']).command).toEqual({ name: 'close', pane: '3', worktree: null, force: false })
    expect(parseCli(['close', '3', '--keep-worktree']).command).toMatchObject({ worktree: 'keep', force: false })
    expect(parseCli(['close', '3', '--remove-worktree', '--force']).command).toMatchObject({ worktree: 'remove', force: true })
    expect(() => parseCli(['close', '3', '--keep-worktree', '--remove-worktree'])).toThrow(/not both/)
    expect(() => parseCli(['close', '3', '--force'])).toThrow(/--force goes with --remove-worktree/)
    expect(() => parseCli(['close'])).toThrow(/usage is close PANE/)
  })

  it('parses spawn by agent kind, preset and worktree', () => {
    expect(
      parseCli(['spawn', '--agent', 'claude', '--arg', '--model', '--arg', 'opus', '--worktree', 'agent/x', '--base', 'main', '--cwd', '/r']).command,
    ).toMatchObject({
      name: 'spawn',
      argv: [],
      cwd: '/r',
      launch: { agent: 'claude', args: ['--model', 'opus'], worktree: 'agent/x', base: 'main' },
    })
    expect(parseCli(['spawn', '--preset', 'plan mode']).command).toMatchObject({ launch: { preset: 'plan mode', args: [] } })
    // Any id parses (a user's own agent folder is one); main refuses an id no folder has.
    expect(parseCli(['spawn', '--agent', 'mytool']).command).toMatchObject({ name: 'spawn', launch: { agent: 'mytool' } })
    expect(() => parseCli(['spawn', '--agent', 'My Tool'])).toThrow(/--agent takes an agent id/)
    expect(() => parseCli(['spawn', '--base', 'main'])).toThrow(/--base goes with --worktree/)
    expect(() => parseCli(['spawn', '--agent', 'codex', '--', 'codex'])).toThrow(/not both/)
  })

  it('takes the socket before the command', () => {
    expect(parseCli(['--socket', '/s.sock', 'ls', '--json'])).toEqual({ socket: '/s.sock', command: { name: 'ls', json: true } })
    expect(parseCli(['--socket=/s.sock', 'events']).socket).toBe('/s.sock')
  })

  it('builds write text with --enter and --escapes', () => {
    expect(parseCli(['write', '3', 'echo hi', '--enter']).command).toEqual({ name: 'write', pane: '3', text: 'echo hi\r' })
    expect(parseCli(['write', '3', 'a\\tb\\x41\\e[0m\\\\n', '--escapes']).command).toEqual({ name: 'write', pane: '3', text: 'a\tbA\x1b[0m\\n' })
    expect(unescapeText('x\\r\\n')).toBe('x\r\n')
  })

  it('parses wait with a state and a fractional timeout', () => {
    expect(parseCli(['wait', '2', '--state', 'blocked', '--timeout', '1.5']).command).toEqual({ name: 'wait', pane: '2', state: 'blocked', timeoutSec: 1.5 })
  })

  it.each([
    [['screen'], /which pane/],
    [['screen', 'abc'], /not a pane id/],
    [['resize', '1', '80'], /usage is resize/],
    [['resize', '1', '0', '24'], /COLS must be a positive/],
    [['wait', '1'], /--state STATE is required/],
    [['wait', '1', '--state', 'sleepy'], /--state must be one of/],
    [['spawn', '--env', 'NOEQUALS', '--', 'x'], /NAME=VALUE/],
    [['write', '1'], /give the pane and the text/],
    [['ls', 'extra'], /takes no arguments/],
    [['frobnicate'], /unknown command/],
    [['--bogus'], /unknown option/],
  ])('rejects %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError)
    expect(() => parseCli(argv)).toThrow(message)
  })
})

describe('--help', () => {
  it.each(Object.keys(VERB_USAGE))("%s --help and -h ask for that verb's usage", (verb) => {
    expect(parseCli([verb, '--help']).command).toEqual({ name: 'help', verb })
    expect(parseCli([verb, '-h']).command).toEqual({ name: 'help', verb })
    expect(parseCli(['help', verb]).command).toEqual({ name: 'help', verb })
    expect(verbHelp(verb as keyof typeof VERB_USAGE)).toMatch(new RegExp(`^usage: switchboard ${verb}\\b`))
  })

  it("leaves a program's own --help and a text that is --help alone", () => {
    expect(parseCli(['spawn', '--', 'claude', '--help']).command).toMatchObject({ name: 'spawn', argv: ['claude', '--help'] })
    expect(parseCli(['spawn', '--title', 'T', 'ls', '--help']).command).toMatchObject({ name: 'spawn', argv: ['ls', '--help'] })
    expect(parseCli(['write', '3', '--', '--help']).command).toEqual({ name: 'write', pane: '3', text: '--help' })
    expect(() => parseCli(['help', 'frobnicate'])).toThrow(/unknown command "frobnicate"/)
  })

  it('names the flag and its limit for a size out of range', () => {
    expect(() => parseCli(['spawn', '--cols', '100000'])).toThrow('spawn: --cols must be between 2 and 1000 (got 100000)')
    expect(() => parseCli(['spawn', '--rows', '501'])).toThrow('spawn: --rows must be between 1 and 500 (got 501)')
    expect(() => parseCli(['resize', '1', '1', '24'])).toThrow('resize: COLS must be between 2 and 1000 (got 1)')
  })
})

describe('CLI arguments through node:util parseArgs', () => {
  it('takes the program from its first plain argument even without --, with its own flags', () => {
    expect(parseCli(['spawn', '--title', 'T', 'ls', '-la', '--color']).command).toMatchObject({ name: 'spawn', title: 'T', argv: ['ls', '-la', '--color'] })
    expect(parseCli(['spawn', '--cols=100', '--', '--weird']).command).toMatchObject({ cols: 100, argv: ['--weird'] })
  })

  it.each([
    [['spawn', '--cwd'], /spawn: --cwd needs a value/],
    [['ls', '--json=1'], /--json takes no value/],
    [['--socket'], /--socket needs a value/],
    [['screen', '1', '2'], /unexpected argument "2"/],
    [['wait', '1', '--state', 'idle', '--timeout', 'x'], /--timeout takes a number/],
  ])('words parseArgs errors as one line: %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError)
    expect(() => parseCli(argv)).toThrow(message)
  })
})
