import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Board } from '../panes/board'
import { testBoard } from '../test/support'
import { realClock } from '../util/clock'
import { silentLogger } from '../util/log'
import { restoreWorkspace } from './restoreWorkspace'
import { WorkspaceStore } from './workspaceStore'

/**
 * Tests' boards with a saved workspace, as boardHost wires them, and what a crash leaves. Each test
 * file makes one and runs `cleanup` after each test: every board, store and folder made goes.
 */
export function storeBoards() {
  const cleanups: (() => Promise<void> | void)[] = []
  return {
    /** Runs `c` at cleanup, after what was made later. */
    onCleanup(c: () => Promise<void> | void): void {
      cleanups.push(c)
    },
    async cleanup(): Promise<void> {
      for (const c of cleanups.splice(0).reverse()) await c()
    },
    tempDir(): string {
      const d = mkdtempSync(join(tmpdir(), 'sb-store-'))
      cleanups.push(() => rmSync(d, { recursive: true, force: true }))
      return d
    },
    /** A board with a workspace store on `dir`. */
    boardOn(dir: string, resumeOnStart = false, settingsEnv?: () => Record<string, string>): { board: Board; store: WorkspaceStore } {
      const store = WorkspaceStore.open({ dir, clock: realClock, log: silentLogger })
      const board = testBoard({
        history: (id) => store.history(id),
        settingsEnv: settingsEnv && ((origin) => (origin.agent === 'claude' ? settingsEnv() : {})),
      })
      // Without a pty host nothing is taken over: nothing to wait for.
      void restoreWorkspace(board, store, silentLogger, resumeOnStart)
      cleanups.push(async () => {
        store.dispose()
        await board.shutdown()
      })
      return { board, store }
    },
  }
}

/**
 * What a crash leaves for the next board: the file as last written, and no hold on it (the kernel
 * drops SQLite's lock with the process). In one process the store must let go of it by itself;
 * it saves nothing more on the way out (no close(): that would save the last screens).
 */
export function crashed(first: { store: WorkspaceStore }): void {
  first.store.dispose()
}
