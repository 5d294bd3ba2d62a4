/// <reference types="vite/client" />
import { basename, dirname } from 'node:path'
import type { ParseTerminalState, PrepareLaunch } from '../../core/agents/agentCode'
import type { AgentFolderCode } from './agentFolder'

/**
 * The code the shipped agent folders bring, found by the bundler (Vite's import.meta.glob, in the
 * build and in vitest alike): `resources/agents/<id>/launch.ts` exporting `prepareLaunch`, and
 * `terminal.ts` exporting `parseTerminalState`. A folder added with either file is picked up with
 * no list to edit; agentFolders.test.ts checks each exports what it must.
 */
const launches = import.meta.glob<{ prepareLaunch?: PrepareLaunch }>('../../../resources/agents/*/launch.ts', { eager: true })
const terminals = import.meta.glob<{ parseTerminalState?: ParseTerminalState }>('../../../resources/agents/*/terminal.ts', { eager: true })

const idOf = (path: string) => basename(dirname(path))

function collect(): ReadonlyMap<string, AgentFolderCode> {
  const code = new Map<string, { prepareLaunch?: PrepareLaunch; parseTerminalState?: ParseTerminalState }>()
  const entry = (id: string) => code.get(id) ?? (code.set(id, {}), code.get(id)!)
  for (const [path, module] of Object.entries(launches)) {
    if (typeof module.prepareLaunch !== 'function') throw new Error(`${path} must export prepareLaunch(ctx) (see src/core/agents/agentCode.ts)`)
    entry(idOf(path)).prepareLaunch = module.prepareLaunch
  }
  for (const [path, module] of Object.entries(terminals)) {
    if (typeof module.parseTerminalState !== 'function') throw new Error(`${path} must export parseTerminalState(data) (see src/core/agents/agentCode.ts)`)
    entry(idOf(path)).parseTerminalState = module.parseTerminalState
  }
  return code
}

/** Shipped agent id → its code. */
export const SHIPPED_CODE: ReadonlyMap<string, AgentFolderCode> = collect()
