import type { LaunchContext, PreparedLaunch } from '../../core/agents/agentCode'
import type { LaunchData, PayloadFormat } from '../../core/agents/agentManifest'
import { holds } from '../../core/agents/reportTable'
import type { IncomingReport } from '../reports/report'
import type { AgentFolder } from './agentFolder'

export type { LaunchContext, PreparedLaunch }

/** The gate for high-frequency hooks: which reports mean "a dialog is open now". */
export type PromptOpens = (report: IncomingReport) => boolean

/**
 * One agent as main launches it: the command it runs by default and how to make it report for
 * one launch without touching the user's own configuration. Built from the agent's folder
 * (profileOf); what the pure core knows about it is its AgentKnowledge.
 */
export interface AgentProfile {
  /** The agent's id, or `shell` for any other program. */
  readonly kind: string
  /** How the UI names it. */
  readonly name: string
  /** The command run when the settings name no executable (empty for `shell`: the command is the user's). */
  readonly command: readonly string[]
  /** The agent's folder (its plugin files), null for `shell`. */
  readonly folder: string | null
  /** The body its reporter posts; null: it reports nothing. */
  readonly payload: PayloadFormat | null
  /** Null when the agent reports nothing: it runs as typed. */
  readonly prepareLaunch: ((ctx: LaunchContext) => PreparedLaunch | null) | null
  /** Reports that open a dialog; the pane's marker file exists from one of them to the next report. */
  readonly promptOpens?: PromptOpens
  /** Pass the token as a 0600 file instead of a variable (see REPORT_ENV.tokenFile). */
  readonly tokenInFile?: boolean
}

/** Anything that is not a known agent: launched as typed, recognised by nothing, reports nothing. */
export const shellProfile: AgentProfile = { kind: 'shell', name: 'Shell', command: [], folder: null, payload: null, prepareLaunch: null }

/** `{name}` → its value; the manifest schema allowed only known names. */
function expand(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** A launch told by data alone (`[launch] args`, `env`): Pi's `-e <our extension>`. */
function dataLaunch(launch: LaunchData): (ctx: LaunchContext) => PreparedLaunch {
  return (ctx) => {
    const values = {
      folder: ctx.folder,
      resources: ctx.resourcesDir,
      report_url: ctx.reportUrl,
      reporter: ctx.reporterCommand(false),
      reporter_gated: ctx.reporterCommand(true),
      launch_dir: ctx.dir,
    }
    const env = Object.fromEntries(Object.entries(launch.env).map(([k, v]) => [k, expand(v, values)]))
    return { argv: [ctx.executable, ...launch.args.map((a) => expand(a, values)), ...ctx.userArgs], env }
  }
}

/** How main launches the agent of a folder. */
export function profileOf(folder: AgentFolder): AgentProfile {
  const { manifest, code } = folder
  const launch = manifest.launch
  const opens = launch?.promptOpens ?? []
  return {
    kind: manifest.id,
    name: manifest.name,
    command: manifest.command,
    folder: manifest.folder,
    payload: manifest.payload,
    prepareLaunch: code.prepareLaunch ?? (launch ? dataLaunch(launch) : null),
    ...(opens.length ? { promptOpens: (r: IncomingReport) => opens.some((c) => c.event === r.event && (c.when ?? []).every((t) => holds(t, r.payload))) } : {}),
    ...(launch?.tokenInFile ? { tokenInFile: true } : {}),
  }
}
