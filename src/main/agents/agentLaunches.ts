import type { PaneId } from '../../shared/domain/pane'
import type { ReportServer } from '../reports/reportServer'
import type { AgentKind } from '../../shared/domain/agents'
import { launchAgent, reattachAgent, type AgentHandover, type AgentLaunch } from './launchAgent'
import { profileFor, profileForCommand } from './registry'

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

/** What the user (or their settings) chose for an agent: the executable and extra arguments. */
export interface AgentCommandSettings {
  readonly executable?: string
  readonly args?: readonly string[]
}

/**
 * The board's one entry point for agent launches: turns the command a pane is about to run into
 * the command and environment that run it with reporting injected (or unchanged, for anything
 * that is not a known agent). Dispose the returned launch when the pane ends.
 */
export class AgentLaunches {
  constructor(private readonly options: AgentLaunchesOptions) {}

  /** `kind`: the agent the launch was asked for by name (its executable may be any wrapper); else recognised from argv. */
  prepare(paneId: PaneId, argv: readonly string[], env: Readonly<Record<string, string>>, kind?: AgentKind): AgentLaunch {
    const [executable = '', ...userArgs] = argv
    return launchAgent({ paneId, profile: kind ? profileFor(kind) : profileForCommand(argv), executable, userArgs, env, ...this.options })
  }

  /** Takes over the reporting of an agent launched by the previous board process (see reattachAgent). */
  reattach(paneId: PaneId, handover: AgentHandover): AgentLaunch {
    return reattachAgent(paneId, handover, this.options.server, profileFor(handover.agent).promptOpens)
  }
}

/** The command for "start agent X": the executable from settings or the profile's name on PATH. */
export function agentCommand(kind: AgentKind, settings: AgentCommandSettings = {}): string[] {
  const executable = settings.executable ?? profileFor(kind).executables[0]
  if (!executable) throw new Error(`${kind} has no executable of its own; give the command to run`)
  return [executable, ...(settings.args ?? [])]
}
