import type { Settings } from '../../shared/domain/settings'
import type { CreatePaneRequest } from '../../shared/ipc/contract'
import { findPreset, requireOwnWorktree } from './launchPane'

export type RemoteRequest = CreatePaneRequest & { readonly host: string }

/**
 * Where a launch runs: on another machine when the request or its preset names one (the request
 * wins), else here (null). The board there resolves the launch from its own settings — the
 * agent's executable and default arguments are that machine's — and knows nothing of this
 * board's presets, so a preset goes as what it adds: its agent, arguments after the agent's own,
 * environment, folder and setup commands, with the request's own after them.
 */
export function remoteRequest(req: CreatePaneRequest, settings: Settings): RemoteRequest | null {
  const preset = req.preset !== undefined ? findPreset(settings, req.preset) : undefined
  const host = req.host ?? (preset?.host || undefined)
  if (!host) return null
  const { preset: _preset, callerCwd: _caller, ...rest } = req
  if (!preset) return { ...rest, host }
  requireOwnWorktree(preset, req)
  const args = [...preset.args, ...(req.args ?? [])]
  const env = { ...preset.env, ...req.env }
  const setup = [...preset.setup, ...(req.setup ?? [])]
  const cwd = req.cwd ?? (preset.cwd || undefined)
  return {
    ...rest,
    host,
    agent: req.agent ?? preset.agent,
    ...(args.length ? { args } : {}),
    ...(Object.keys(env).length ? { env } : {}),
    ...(setup.length ? { setup } : {}),
    ...(cwd ? { cwd } : {}),
  }
}
