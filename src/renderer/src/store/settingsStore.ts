/**
 * The user's settings as the board has them (main owns the file). Loaded once connected and again
 * whenever the window regains focus, so an edit made in another window or by hand shows up.
 */
import { create } from 'zustand'
import type { BoardApi } from '../../../shared/ipc/contract'
import type { AgentInfo } from '../../../shared/domain/agents'
import { DEFAULT_SETTINGS, type Settings, type SettingsSnapshot } from '../../../shared/domain/settings'

export interface SettingsStore {
  readonly settings: Settings
  readonly snapshot: SettingsSnapshot | null
  /** The agents the board knows (its shipped folders and the user's own), loaded with the settings. */
  readonly agents: readonly AgentInfo[]
  /** Problems in the user's agent folders at the board's last reload (`file:line: reason`). */
  readonly agentProblems: readonly string[]
  /** Loading or saving failed (the board unreachable): what happened. */
  readonly failure: string | null
  load(api: BoardApi): Promise<void>
  /** Asks the board for its agents again (a folder added, edited or broken since), the settings left as they are. */
  loadAgents(api: BoardApi): Promise<void>
  save(api: BoardApi, next: Settings): Promise<SettingsSnapshot>
}

export const useSettingsStore = create<SettingsStore>()((set) => ({
  settings: DEFAULT_SETTINGS,
  snapshot: null,
  agents: [],
  agentProblems: [],
  failure: null,
  load: async (api) => {
    try {
      const [snapshot, list] = await Promise.all([api.invoke('settings:get'), api.invoke('agents:list')])
      set({ snapshot, settings: snapshot.settings, agents: list.agents, agentProblems: list.problems, failure: null })
    } catch (err) {
      set({ failure: err instanceof Error ? err.message : String(err) })
    }
  },
  loadAgents: async (api) => {
    try {
      const list = await api.invoke('agents:list')
      set({ agents: list.agents, agentProblems: list.problems })
    } catch (err) {
      set({ failure: err instanceof Error ? err.message : String(err) })
    }
  },
  save: async (api, next) => {
    const snapshot = await api.invoke('settings:set', next)
    set({ snapshot, settings: snapshot.settings, failure: null })
    return snapshot
  },
}))
