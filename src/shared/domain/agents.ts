/**
 * Agents as clients see them. Which agents exist is not a list in the code: it is the agent
 * folders (resources/agents/<id>/ shipped, `<config>/agents/<id>/` the user's), read by main's
 * AgentCatalog; clients ask for the list (`agents:list`). What a folder holds is documented in
 * resources/agents/README.md.
 */
import { z } from 'zod'

/** Agent ids: folder names, settings keys, `spawn --agent` values. */
export const AGENT_ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/
export const agentIdSchema = z.string().regex(AGENT_ID_PATTERN, 'an agent id is lower-case letters, digits and -, like "claude" or "mytool"')

/** `shell`: any other program, launched as typed, reporting nothing. Not an agent folder. */
export const SHELL_KIND = 'shell'

/** One agent as the new-pane form, the settings and `switchboard agents` show it. */
export interface AgentInfo {
  readonly id: string
  /** How the UI names it. */
  readonly name: string
  /** Shipped with the board, or a folder of the user's own. */
  readonly source: 'shipped' | 'user'
  /** Its folder. */
  readonly folder: string
  /** The command run when the settings name no executable. */
  readonly command: readonly string[]
  /** It has screen rules (its own rules.toml, or an override). */
  readonly rules: boolean
  /** Reporting is injected into its launches (hooks, a plugin). */
  readonly reports: boolean
  /** The versions its knowledge was verified on: the manifest's and the rules'. */
  readonly verifiedOn: { readonly agent: string | null; readonly rules: string | null }
}

/** What `switchboard agents` adds: is it installed here, which version, and is that newer than what was verified. */
export interface AgentInstall {
  /** The executable that would run (settings, else the command's), found on PATH or as a path; null when not found. */
  readonly executable: string | null
  /** What was looked for. */
  readonly looked: string
  /** The installed version; null when unknown (not installed, or no way to read it). */
  readonly version: string | null
  /** Why the version is unknown, when it is. */
  readonly versionProblem: string | null
  /** Newer than every version its knowledge was verified on: its screens or reports may have changed. Null when unknown. */
  readonly newer: boolean | null
}

export type AgentReport = AgentInfo & AgentInstall

/** Problems in the agent folders (file, line, reason) at the last reload, as `file:line: message`. */
export interface AgentList {
  readonly agents: readonly AgentInfo[]
  readonly problems: readonly string[]
}
