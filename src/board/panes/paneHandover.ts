import type { PaneId, PaneWorktree } from '../../shared/domain/pane'
import { AGENT_ID_PATTERN } from '../../shared/domain/agents'
import type { AgentHandover } from '../agents/launchAgent'
import type { PaneLaunchSpec } from './relaunch'

/**
 * The board's own record of a running pane, given to the pty host with the spawn and handed back
 * to the next board process, which takes the pane over from it. It lives only in the two
 * processes' memory and on the socket between them (0600, in the 0700 runtime dir): it carries
 * the pane's control and report tokens and its launch environment, secrets included, which are
 * never written to disk, argv or a log.
 */
export interface PaneHandover {
  readonly v: 1
  readonly paneId: PaneId
  /** What it was launched with, as the user asked (restart and resume run it again). */
  readonly spec: PaneLaunchSpec
  /** The command the pane shows (without the flags reporting injected). */
  readonly argv: readonly string[]
  readonly createdAt: number
  /** SWITCHBOARD_PANE_TOKEN in its environment: programs inside show it to the control socket. */
  readonly controlToken: string | null
  readonly reporting: AgentHandover | null
  /** The commit its change count starts from, once known. */
  readonly since: string | null
  /** The agent session a resume ran it in (PaneLaunchRun.session): it says so until the agent reports one. Absent: none. */
  readonly session?: string | null
}

export const encodeHandover = (h: PaneHandover): string => JSON.stringify(h)

const isStr = (v: unknown): v is string => typeof v === 'string'
const isStrArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr)
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isAgentId = (v: unknown): v is string => isStr(v) && AGENT_ID_PATTERN.test(v)
const isSize = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 10_000

function isWorktree(v: unknown): v is PaneWorktree {
  return isObj(v) && [v.repo, v.path, v.branch, v.base, v.baseCommit].every(isStr)
}

function isSpec(v: unknown): v is PaneLaunchSpec {
  if (!isObj(v) || !isStrArray(v.command) || !isStr(v.cwd) || !isObj(v.env) || !Object.values(v.env).every(isStr)) return false
  if (!isSize(v.cols) || !isSize(v.rows)) return false
  if (v.title !== undefined && !isStr(v.title)) return false
  if (v.agent !== undefined && !isAgentId(v.agent)) return false
  return v.worktree === undefined || isWorktree(v.worktree)
}

function isReporting(v: unknown): v is AgentHandover {
  return isObj(v) && isAgentId(v.agent) && isStr(v.token) && isStr(v.dir) && (v.marker === null || isStr(v.marker))
}

/**
 * The record as given back by the pty host, or null when it is not one this board writes (a pty
 * host of another version, a damaged record): such a pane cannot be taken over, and says so.
 */
export function decodeHandover(text: string): PaneHandover | null {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObj(v) || v.v !== 1 || !isStr(v.paneId) || !/^\d+$/.test(v.paneId) || !isSpec(v.spec) || !isStrArray(v.argv)) return null
  if (typeof v.createdAt !== 'number' || !(v.controlToken === null || isStr(v.controlToken))) return null
  if (!(v.reporting === null || isReporting(v.reporting)) || !(v.since === null || isStr(v.since))) return null
  if (!(v.session === undefined || v.session === null || isStr(v.session))) return null
  return v as unknown as PaneHandover
}
