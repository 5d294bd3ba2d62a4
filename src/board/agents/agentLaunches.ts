import type { PaneId } from '../../shared/domain/pane'
import type { ReportServer } from '../reports/reportServer'
import { launchAgent, reattachAgent, type AgentHandover, type AgentLaunch } from './launchAgent'
import type { AgentProfile } from './profile'

export interface AgentLaunchesOptions {
  readonly server: ReportServer
  /** The board's private runtime dir (0700); each launch gets its own directory inside. */
  readonly runtimeDir: string
  /** `resources/` in development; the unpacked resources folder when packaged. */
  readonly resourcesDir: string
  /** What runs the reporter: `process.execPath` (node, or the app run as node). */
  readonly runtime: string
  /** The process launch directories are named after (the pty host's pid, when panes live there; default this one). */
  readonly ownerPid?: number
}

/**
 * The board's one entry point for agent launches: turns the command a pane is about to run into
 * the command and environment that run it with reporting injected (or unchanged, for anything
 * that is not a known agent). Dispose the returned launch when the pane ends.
 */
export class AgentLaunches {
  constructor(private readonly options: AgentLaunchesOptions) {}

  /** `profile`: the agent the launch was asked for by name (its executable may be any wrapper), else the one its argv runs (AgentCatalog). */
  prepare(paneId: PaneId, argv: readonly string[], env: Readonly<Record<string, string>>, profile: AgentProfile): AgentLaunch {
    const [executable = '', ...userArgs] = argv
    return launchAgent({ paneId, profile, executable, userArgs, env, ...this.options })
  }

  /**
   * Takes over the reporting of an agent launched by the previous board process (see reattachAgent);
   * `profile`: that agent as the catalog knows it now (undefined: its folder is gone).
   */
  reattach(paneId: PaneId, handover: AgentHandover, profile: AgentProfile | undefined): AgentLaunch {
    return reattachAgent(paneId, handover, this.options.server, profile)
  }
}
