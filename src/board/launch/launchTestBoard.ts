/**
 * The set-up the launch tests share: per test, a board in a temporary folder with its own settings
 * store, called over IPC as a client calls it (the settings reach a launch through the handlers),
 * plus the git repositories and stand-in agents the tests launch in and with.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import type { Clock } from '../../core/lifecycle/clock'
import type { Settings } from '../../shared/domain/settings'
import type { BoardInfo, InvokeArgs, InvokeChannel, InvokeResult } from '../../shared/ipc/contract'
import type { Board, BoardClient } from '../panes/board'
import { SettingsStore } from '../settings/settingsStore'
import { realClock } from '../util/clock'
import { testBoard } from '../test/support'

type Call = <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => Promise<InvokeResult<C>>

/**
 * src/board/ipc's createHandlers and dispatchInvoke, passed in by each test file: board/ipc imports
 * this folder (launchPane), so this module importing it back would be a loop of folders
 * (importCycles.test.ts); the test files themselves are outside that graph.
 */
export interface IpcHandlers<Invoke> {
  readonly createHandlers: (board: Board, client: BoardClient, info: () => BoardInfo, services: { clock: Clock; settings: SettingsStore }) => { invoke: Invoke }
  readonly dispatchInvoke: (handlers: Invoke, channel: unknown, args: unknown) => Promise<unknown>
}

export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' })
}

export function cmdline(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
}

/** The current test's board; its fields are replaced before each test. */
export class LaunchTestBoard<Invoke> {
  root!: string
  board!: Board
  store!: SettingsStore
  call!: Call

  constructor(private readonly ipc: IpcHandlers<Invoke>) {}

  /** A board with this base environment in place of the test's (shut down first), called through `call` from now on. */
  async reboard(baseEnv: NodeJS.ProcessEnv): Promise<void> {
    await this.board.shutdown()
    this.open(testBoard({ defaultCwd: this.root, baseEnv }))
  }

  makeRepo(): string {
    const repo = join(this.root, 'app')
    mkdirSync(repo)
    gitIn(repo, 'init', '-q', '-b', 'main')
    writeFileSync(join(repo, 'readme.md'), 'one\ntwo\n')
    gitIn(repo, 'add', '.')
    gitIn(repo, 'commit', '-qm', 'start')
    return repo
  }

  /** A stand-in agent executable that prints its environment variable and stays up. */
  fakeAgent(name: string): string {
    const file = join(this.root, 'bin', name)
    mkdirSync(join(this.root, 'bin'), { recursive: true })
    writeFileSync(file, '#!/bin/bash\necho "MODE=${AGENT_MODE:-none}"\nsleep 60\n')
    chmodSync(file, 0o755)
    return file
  }

  save(change: (s: Settings) => Settings): void {
    this.store.set(change(structuredClone(this.store.get().settings)))
  }

  /** `board` becomes the test's, with a client connected to it whose handlers `call` goes through. */
  open(board: Board): void {
    this.board = board
    const client = board.connect(() => undefined)
    const handlers = this.ipc.createHandlers(board, client, () => ({ version: 't', mode: 'browser', socketPath: null }), {
      clock: realClock,
      settings: this.store,
    })
    this.call = (channel, ...args) => this.ipc.dispatchInvoke(handlers.invoke, channel, args) as never
  }
}

/** Registers the per-test set-up and tear-down in the calling test file; its fields are the current test's. */
export function launchTestBoard<Invoke>(ipc: IpcHandlers<Invoke>): LaunchTestBoard<Invoke> {
  const t = new LaunchTestBoard(ipc)
  beforeEach(() => {
    t.root = mkdtempSync(join(tmpdir(), 'sb-launch-'))
    const board = testBoard({ defaultCwd: t.root })
    t.store = new SettingsStore(join(t.root, 'config'))
    t.open(board)
  })
  afterEach(async () => {
    await t.board.shutdown()
    rmSync(t.root, { recursive: true, force: true })
  })
  return t
}
