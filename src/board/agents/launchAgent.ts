import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { PaneId } from '../../shared/domain/pane'
import type { ReportServer } from '../reports/reportServer'
import { TOKEN_HEADER } from '../reports/reportServer'
import type { AgentProfile, PreparedLaunch } from './profile'
import { PromptMarker } from './promptMarker'
import { REPORT_ENV } from './reportEnv'
import { reporterCommand } from './reporterCommand'
import { launchDirPrefix } from './launchDirs'

export interface AgentLaunchRequest {
  readonly paneId: PaneId
  readonly profile: AgentProfile
  /** The executable to run (from settings, or the profile's name found on PATH). */
  readonly executable: string
  readonly userArgs: readonly string[]
  /** The pane's environment before injection. */
  readonly env: Readonly<Record<string, string>>
  readonly server: ReportServer
  /** Parent of the per-launch directories; must be private to the user (the board's runtime dir). */
  readonly runtimeDir: string
  readonly resourcesDir: string
  /** What runs the reporter: node in development, the app executable (as node) when packaged. */
  readonly runtime: string
  /**
   * The process the launch directory is named after (launchDirs.ts): the one that holds the pane's
   * terminal, so a board restarted under a pty host keeps the directories of the panes still running.
   */
  readonly ownerPid?: number
}

/** What a later board process needs to take over a running agent's reporting (kept in the pty host's memory only). */
export interface AgentHandover {
  /** The agent's id (its folder's name, AgentCatalog). */
  readonly agent: string
  /** The report token the agent was started with: the next board accepts its reports with it. */
  readonly token: string
  /** The launch's private directory (its settings files, token file, marker). */
  readonly dir: string
  /** The gate's marker file, when the profile has one. */
  readonly marker: string | null
}

export interface AgentLaunch extends IDisposable {
  /** The agent's id, `shell` for any other program. */
  readonly agent: string
  /** The command line to spawn: no secret in it. */
  readonly argv: readonly string[]
  /** Variables to add to the pane's environment (the token among them). */
  readonly env: Readonly<Record<string, string>>
  /** What must never be written down (recordings scrub it): the report token. */
  readonly secrets: readonly string[]
  /** For the next board process, when this one restarts while the agent runs; null without reporting. */
  readonly handover: AgentHandover | null
  /** Reporting was injected (false: launched as typed, `argv` is the request's). */
  readonly reporting: boolean
}

/**
 * Prepares one agent launch with reporting injected for this launch only: registers the pane
 * with the report server, writes the profile's per-launch files into a private directory, and
 * returns the argv and environment to spawn with. `dispose` (when the pane ends) unregisters the
 * token and removes every file it wrote; the user's own configuration is never touched.
 */
export function launchAgent(req: AgentLaunchRequest): AgentLaunch {
  const { profile } = req
  const plain: AgentLaunch = {
    agent: profile.kind,
    argv: [req.executable, ...req.userArgs],
    env: {},
    secrets: [],
    handover: null,
    reporting: false,
    dispose() {},
  }
  const prepare = profile.prepareLaunch
  if (!prepare) return plain

  const dir = mkdtempSync(join(req.runtimeDir, launchDirPrefix(profile.kind, req.ownerPid)))
  const marker = profile.promptOpens ? new PromptMarker(join(dir, 'prompt-open'), profile.promptOpens) : undefined
  const registration = req.server.register(req.paneId, { agent: profile.kind, payload: profile.payload }, marker && ((report) => marker.observe(report)))
  let prepared: PreparedLaunch | null = null
  const dispose = () => {
    try {
      prepared?.dispose?.()
    } finally {
      registration.dispose()
      marker?.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  try {
    const reportEnv: Record<string, string> = { [REPORT_ENV.url]: registration.url, [REPORT_ENV.runtime]: req.runtime }
    if (profile.tokenInFile) reportEnv[REPORT_ENV.tokenFile] = join(dir, 'token')
    if (marker) reportEnv[REPORT_ENV.marker] = marker.path
    prepared = prepare({
      paneId: req.paneId,
      executable: req.executable,
      userArgs: req.userArgs,
      env: req.env,
      reportUrl: registration.url,
      tokenVariable: REPORT_ENV.token,
      tokenHeader: TOKEN_HEADER,
      dir,
      folder: profile.folder ?? dir,
      resourcesDir: req.resourcesDir,
      reporterCommand: (gated) => reporterCommand(req.resourcesDir, gated),
      reportEnv,
    })
    if (!prepared) {
      dispose()
      return plain
    }
    const env: Record<string, string> = { ...prepared.env, ...reportEnv }
    if (profile.tokenInFile) writeFileSync(reportEnv[REPORT_ENV.tokenFile]!, registration.token, { mode: 0o600 })
    else env[REPORT_ENV.token] = registration.token
    let disposed = false
    return {
      agent: profile.kind,
      argv: prepared.argv,
      env,
      secrets: [registration.token],
      handover: { agent: profile.kind, token: registration.token, dir, marker: marker?.path ?? null },
      reporting: true,
      dispose: () => {
        if (disposed) return
        disposed = true
        dispose()
      },
    }
  } catch (err) {
    dispose()
    throw new Error(`could not prepare ${profile.name} for reporting in ${dir}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/**
 * Takes over the reporting of an agent that a previous board process launched and that still runs
 * (in the pty host): its reports are accepted again with the token it was started with, at the
 * same URL (the report server listens on the same port), its gate marker is kept up, and `dispose`
 * removes its launch directory when it ends. `profile`: the agent as this board's catalog knows it
 * (undefined: its folder is gone; its reports are then refused, the pane still runs).
 */
export function reattachAgent(paneId: PaneId, handover: AgentHandover, server: ReportServer, profile: AgentProfile | undefined): AgentLaunch {
  const opens = profile?.promptOpens
  const marker = handover.marker && opens ? new PromptMarker(handover.marker, opens) : undefined
  const reporter = { agent: handover.agent, payload: profile?.payload ?? null }
  const registration = server.register(paneId, reporter, marker && ((report) => marker.observe(report)), handover.token)
  let disposed = false
  return {
    agent: handover.agent,
    // The program runs already: nothing to launch.
    argv: [],
    env: {},
    secrets: [handover.token],
    handover,
    reporting: true,
    dispose: () => {
      if (disposed) return
      disposed = true
      registration.dispose()
      marker?.dispose()
      rmSync(handover.dir, { recursive: true, force: true })
    },
  }
}
