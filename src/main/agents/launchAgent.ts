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
  const plain: AgentLaunch = { agent: profile.kind, argv: [req.executable, ...req.userArgs], env: {}, secrets: [], reporting: false, dispose() {} }
  const prepare = profile.prepareLaunch
  if (!prepare) return plain

  const dir = mkdtempSync(join(req.runtimeDir, launchDirPrefix(profile.kind)))
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
