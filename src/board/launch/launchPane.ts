import { existsSync, realpathSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { missingExecutableMessage, planAgentLaunch } from '../../core/launch/launchPlan'
import type { PaneInfo, PaneWorktree } from '../../shared/domain/pane'
import { agentSettings, type LaunchPreset, type Settings } from '../../shared/domain/settings'
import type { CreatePaneRequest } from '../../shared/ipc/contract'
import { BoardError } from '../../shared/ipc/errors'
import type { Board } from '../panes/board'
import { createWorktree, expandHome, removeWorktree } from '../worktrees/worktrees'
import { findExecutable, searchPath } from '../util/findExecutable'
import { runSetupCommands } from './setupCommands'

export function findPreset(settings: Settings, name: string): LaunchPreset {
  const preset = settings.presets.find((p) => p.name === name)
  if (preset) return preset
  const names = settings.presets.map((p) => JSON.stringify(p.name))
  throw new BoardError(
    'invalid',
    `no launch preset named ${JSON.stringify(name)}; ${names.length ? `the presets are ${names.join(', ')}` : 'there are none yet (Settings → Presets, or "Save as preset" in the new-pane form)'}`,
  )
}

/** Never the shared checkout for a launch saved to have a checkout of its own (nor its setup commands run there). */
export function requireOwnWorktree(preset: LaunchPreset | undefined, req: Pick<CreatePaneRequest, 'worktree'>): void {
  if (preset?.worktree && !req.worktree) {
    throw new BoardError('invalid', `preset ${JSON.stringify(preset.name)} runs in its own worktree: name its new branch (--worktree BRANCH)`)
  }
}

/** `cwd`'s place in the new worktree (`packages/web` of a monorepo stays `packages/web`), else its top. */
function sameFolderIn(worktree: PaneWorktree, cwd: string): string {
  let real = cwd
  try {
    real = realpathSync(cwd)
  } catch {
    return worktree.path
  }
  const inside = relative(worktree.repo, real)
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return worktree.path
  const there = join(worktree.path, inside)
  return existsSync(there) ? there : worktree.path
}

/**
 * Main's one way to start a pane, for the UI and the CLI alike: a preset and an agent kind are
 * turned into a command line from the user's settings (executable, default arguments,
 * environment), the executable is looked for before anything runs, a worktree is made and set
 * up when asked for, and then the board spawns. A failure after the worktree was made removes it
 * again (it holds nothing yet).
 */
export async function launchPane(board: Board, settings: Settings, req: CreatePaneRequest): Promise<PaneInfo> {
  const preset = req.preset !== undefined ? findPreset(settings, req.preset) : undefined
  const agent = req.agent ?? preset?.agent
  if (agent && req.command?.length) throw new BoardError('invalid', `give either an agent (${agent}) or a command to run, not both`)
  const presetCwd = preset?.cwd ? preset.cwd : undefined
  let cwd = expandHome(req.cwd ?? presetCwd ?? req.callerCwd ?? board.defaultCwd, board.launchEnv().HOME)
  if (!isAbsolute(cwd)) cwd = resolve(board.defaultCwd, cwd)

  let command = req.command?.length ? [...req.command, ...(req.args ?? [])] : undefined
  let env = req.env
  if (agent) {
    const known = board.agents.get(agent)
    if (!known)
      throw new BoardError(
        'invalid',
        `no agent named ${JSON.stringify(agent)}; the agents are ${board.agents.ids().join(', ')} (a folder of your own goes in ${board.agents.userDir ?? 'the config dir’s agents/'}: see \`switchboard agents\`)`,
      )
    const plan = planAgentLaunch(known.manifest, agentSettings(settings, agent), preset && { args: preset.args, env: preset.env }, {
      args: req.args,
      env: req.env,
    })
    env = Object.keys(plan.env).length ? plan.env : undefined
    const path = plan.env.PATH ?? board.launchEnv().PATH
    if (!findExecutable(plan.executable, path, cwd)) throw new BoardError('agent-missing', missingExecutableMessage(plan, searchPath(path)))
    command = [plan.executable, ...plan.args]
  } else if (req.args?.length && !command) {
    throw new BoardError('invalid', 'arguments need an agent or a command to go to')
  }
  requireOwnWorktree(preset, req)
  if (req.setup?.length && !req.worktree) {
    throw new BoardError('invalid', 'setup commands run in a new worktree: ask for one (--worktree BRANCH), or run them in the pane')
  }

  let worktree: PaneWorktree | undefined
  if (req.worktree) {
    worktree = await createWorktree({
      cwd,
      branch: req.worktree.branch,
      base: req.worktree.base,
      folder: settings.worktrees.folder,
      home: board.launchEnv().HOME,
    })
    cwd = sameFolderIn(worktree, cwd)
    try {
      // At the worktree's top, as in the repo's; SWITCHBOARD_REPO: the main checkout, for `cp "$SWITCHBOARD_REPO/.env" .`.
      const setup = [...(preset?.setup ?? []), ...(req.setup ?? [])]
      if (setup.length)
        await runSetupCommands(setup, { shell: board.defaultShell(), cwd: worktree.path, env: { ...board.launchEnv(env), SWITCHBOARD_REPO: worktree.repo } })
    } catch (err) {
      await removeWorktree(worktree, true).catch(() => undefined)
      throw new BoardError('spawn-failed', `${err instanceof Error ? err.message : String(err)}; the new worktree was removed again`)
    }
  }
  const { preset: _p, agent: _a, args: _r, worktree: _w, setup: _s, callerCwd: _c, ...rest } = req
  try {
    // Once the program runs: with the pty host, its pid comes a round trip after the spawn.
    return await board.spawned(
      board.create({ ...rest, command, env, cwd, title: req.title }, { agent, preset: preset?.name, ownEnv: req.env ?? {}, worktree }).id,
    )
  } catch (err) {
    if (worktree) await removeWorktree(worktree, true).catch(() => undefined)
    throw err
  }
}
