/** A BoardApi for component tests: invokes answered by the test's handlers, every call recorded. */
import type { ReactNode } from 'react'
import type { BoardApi, InvokeArgs, InvokeChannel, InvokeResult } from '../../../shared/ipc/contract'
import type { PaneInfo } from '../../../shared/domain/pane'
import { BoardApiContext } from '../ipc/BoardApiContext'

type Handlers = { [C in InvokeChannel]?: (...args: InvokeArgs<C>) => InvokeResult<C> | Promise<InvokeResult<C>> }

export function fakeApi(handlers: Handlers = {}) {
  const calls: { channel: InvokeChannel; args: unknown[] }[] = []
  const api: BoardApi = {
    invoke: (async (channel: InvokeChannel, ...args: unknown[]) => {
      calls.push({ channel, args })
      const handler = handlers[channel] as ((...a: unknown[]) => unknown) | undefined
      if (!handler) throw new Error(`no handler for ${channel}`)
      return handler(...args)
    }) as BoardApi['invoke'],
    send: () => undefined,
    on: () => () => undefined,
  }
  const wrap = ({ children }: { children: ReactNode }) => <BoardApiContext.Provider value={api}>{children}</BoardApiContext.Provider>
  return { api, calls, wrap, of: (channel: InvokeChannel) => calls.filter((c) => c.channel === channel).map((c) => c.args) }
}

export const pane = (extra: Partial<PaneInfo> = {}): PaneInfo => ({
  id: '3',
  title: 'Fix the parser',
  command: ['claude'],
  cwd: '/home/me/src/app',
  pid: 10,
  cols: 80,
  rows: 24,
  createdAt: 0,
  foreground: null,
  verdict: { state: 'idle', since: 0, evidence: [] },
  exit: null,
  agent: 'claude',
  sessionId: null,
  dialog: null,
  drift: null,
  agentVersion: null,
  lastReport: null,
  worktree: null,
  changes: null,
  ...extra,
})
