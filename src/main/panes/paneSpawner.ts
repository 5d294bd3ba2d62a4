import type { Clock } from '../../core/lifecycle/clock'
import type { PaneId } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import type { AgentLaunch } from '../agents/launchAgent'
import type { AgentLaunches } from '../agents/agentLaunches'
import { PtyProcess } from '../pty/ptyProcess'
import type { SessionReaper } from '../pty/sessionReaper'
import type { Logger } from '../util/log'
import { injectReporting } from './agentInjection'
import type { AgentCatalog } from '../agents/agentCatalog'
import { Pane } from './pane'
import type { PaneEnvironment } from './paneEnvironment'
import type { PaneLaunchSpec } from './relaunch'

export interface PaneSpawnerOptions {
  readonly clock: Clock
  readonly log: Logger
  readonly env: PaneEnvironment
  /** The agents in force: which profile launches a command, each pane's knowledge and rules. */
  readonly catalog: AgentCatalog
  readonly reaper: SessionReaper | null
  readonly agents?: AgentLaunches
}

export interface SpawnedPane {
  readonly pane: Pane
  /** The pane's environment as launched (its control token is SWITCHBOARD_PANE_TOKEN). */
  readonly env: Readonly<Record<string, string>>
  /** The agent's reporting, when it was injected: the caller disposes it with the pane. */
  readonly injected: AgentLaunch | null
}

/**
 * Turns a launch spec into a running Pane: the pane's environment, reporting injected for an
 * agent, the PTY (tracked by the session reaper) and the Pane on it with the board's rules.
 */
export class PaneSpawner {
  constructor(private readonly options: PaneSpawnerOptions) {}

  /** Throws BoardError('spawn-failed') when the program cannot start; nothing is left behind then. */
  spawn(id: PaneId, spec: PaneLaunchSpec, argv: readonly string[], seed?: string): SpawnedPane {
    const { clock, log, catalog } = this.options
    const env = this.options.env.forPane(id, spec.env)
    const launch = { argv, cwd: spec.cwd, env, cols: spec.cols, rows: spec.rows }
    const profile = spec.agent ? catalog.profile(spec.agent) : catalog.profileForCommand(argv)
    const injected = injectReporting(this.options.agents, log, id, argv, env, profile)
    const result = PtyProcess.launch(injected ? { ...launch, argv: injected.argv, env: { ...env, ...injected.env } } : launch, clock)
    if (!result.ok) {
      injected?.dispose()
      throw new BoardError('spawn-failed', result.message)
    }
    this.options.reaper?.track(result.pty.pid)
    // The pane shows the command the user asked for; the injected flags are ours.
    const pane = new Pane({
      seed,
      id,
      launch,
      pty: result.pty,
      title: spec.title,
      worktree: spec.worktree ?? null,
      agent: spec.agent,
      clock,
      agents: catalog,
      log: (line) => log.info(line),
    })
    return { pane, env, injected }
  }
}
