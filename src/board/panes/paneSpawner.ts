import type { Clock } from '../../core/lifecycle/clock'
import type { PaneId } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import type { AgentLaunch } from '../agents/launchAgent'
import type { AgentLaunches } from '../agents/agentLaunches'
import type { PanePty, PtyBackend, PtyLaunch } from '../pty/panePty'
import type { SessionReaper } from '../pty/sessionReaper'
import type { Logger } from '../util/log'
import { injectReporting } from './agentInjection'
import type { AgentCatalog } from '../agents/agentCatalog'
import { Pane, type PaneOptions } from './pane'
import type { PaneEnvironment } from './paneEnvironment'
import { encodeHandover, type PaneHandover } from './paneHandover'
import { missingEnvOf, type PaneLaunchRun, type PaneLaunchSpec } from './relaunch'

export interface PaneSpawnerOptions {
  readonly clock: Clock
  readonly log: Logger
  readonly env: PaneEnvironment
  /** The agents in force: which profile launches a command, each pane's knowledge and rules. */
  readonly catalog: AgentCatalog
  /** Where terminals are held: this process, or the pty host. */
  readonly ptys: PtyBackend
  /** The session reaper, when this process holds the terminals (the pty host has its own). */
  readonly reaper: SessionReaper | null
  readonly agents?: AgentLaunches
}

/** The board's record of a pane in the pty host, kept up to date as facts are learnt. */
export interface HandoverRecord {
  readonly current: PaneHandover
  update(patch: Partial<Pick<PaneHandover, 'since'>>): void
}

export interface SpawnedPane {
  readonly pane: Pane
  /** The pane's control token (SWITCHBOARD_PANE_TOKEN in its environment), if it has one. */
  readonly controlToken: string | null
  /** The agent's reporting, when it was injected: the caller disposes it with the pane. */
  readonly injected: AgentLaunch | null
  readonly handover: HandoverRecord
}

/** A pane the previous board process started, still running in the pty host, and how to show it. */
export interface AdoptedPty {
  readonly handover: PaneHandover
  readonly pty: PanePty
  /** The saved screen (and what else the mirror starts with) before the replayed output. */
  readonly seed: string
  readonly answeredUntil: number
  readonly cols: number
  readonly rows: number
  /** What the saved workspace knew of it that only reports tell (they are not sent again). */
  readonly facts: { readonly sessionId: string | null; readonly agentVersion: string | null }
}

/**
 * Turns a launch spec into a running Pane: the pane's environment, reporting injected for an
 * agent, the terminal (through the backend: in-process or the pty host, with the board's record of
 * the pane for a later board process) and the Pane on it with the board's rules. Or takes over a
 * pane the previous board process started (adopt).
 */
export class PaneSpawner {
  constructor(private readonly options: PaneSpawnerOptions) {}

  /** Throws BoardError('spawn-failed') when the program cannot start; nothing is left behind then. */
  spawn(id: PaneId, spec: PaneLaunchSpec, { argv, seed, session }: PaneLaunchRun): SpawnedPane {
    const { clock, log, catalog } = this.options
    const env = this.options.env.forPane(id, spec.env)
    const launch = { argv, cwd: spec.cwd, env, cols: spec.cols, rows: spec.rows }
    const profile = spec.agent ? catalog.profile(spec.agent) : catalog.profileForCommand(argv)
    const injected = injectReporting(this.options.agents, log, id, argv, env, profile)
    const createdAt = clock.now()
    const controlToken = env.SWITCHBOARD_PANE_TOKEN ?? null
    const current: PaneHandover = {
      v: 1,
      paneId: id,
      spec,
      argv,
      createdAt,
      controlToken,
      reporting: injected?.handover ?? null,
      since: null,
      session: session ?? null,
    }
    const result = this.options.ptys.launch(injected ? { ...launch, argv: injected.argv, env: { ...env, ...injected.env } } : launch, encodeHandover(current))
    if (!result.ok) {
      injected?.dispose()
      throw new BoardError('spawn-failed', result.message)
    }
    const pty = result.pty
    if (this.options.reaper) void pty.ready.then(() => this.options.reaper?.track(pty.pid))
    // The pane shows the command the user asked for; the injected flags are ours.
    const pane = this.pane(id, { argv, cwd: spec.cwd, env, cols: spec.cols, rows: spec.rows }, pty, spec, { seed, createdAt, session: session ?? null })
    return { pane, controlToken, injected, handover: this.record(pty, current) }
  }

  /** A pane of the previous board process, shown again from its saved screen and the output since. */
  adopt(adopted: AdoptedPty): SpawnedPane {
    const { handover } = adopted
    const { spec } = handover
    let injected: AgentLaunch | null = null
    if (handover.reporting && this.options.agents) {
      try {
        const agent = handover.reporting.agent
        const profile = this.options.catalog.profile(agent)
        injected = this.options.agents.reattach(handover.paneId, handover.reporting, profile.kind === agent ? profile : undefined)
      } catch (err) {
        this.options.log.error('could not take over the agent’s reporting; the pane runs on without reports', { pane: handover.paneId, err: String(err) })
      }
    }
    const launch = { argv: handover.argv, cwd: spec.cwd, env: {}, cols: adopted.cols, rows: adopted.rows }
    const pane = this.pane(handover.paneId, launch, adopted.pty, spec, {
      seed: adopted.seed,
      createdAt: handover.createdAt,
      answeredUntil: adopted.answeredUntil,
      facts: adopted.facts,
      session: handover.session ?? null,
    })
    return { pane, controlToken: handover.controlToken, injected, handover: this.record(adopted.pty, handover) }
  }

  private record(pty: PanePty, first: PaneHandover): HandoverRecord {
    let current = first
    return {
      get current() {
        return current
      },
      update: (patch) => {
        current = { ...current, ...patch }
        this.options.ptys.updateHandover?.(pty, encodeHandover(current))
      },
    }
  }

  private pane(
    id: PaneId,
    launch: PtyLaunch,
    pty: PanePty,
    spec: PaneLaunchSpec,
    extra: Pick<PaneOptions, 'seed' | 'createdAt' | 'answeredUntil' | 'facts' | 'session'>,
  ): Pane {
    const { clock, log, catalog } = this.options
    return new Pane({
      ...extra,
      id,
      launch,
      pty,
      title: spec.title,
      worktree: spec.worktree ?? null,
      agent: spec.agent,
      missingEnv: missingEnvOf(spec),
      clock,
      agents: catalog,
      log: (line) => log.info(line),
    })
  }
}
