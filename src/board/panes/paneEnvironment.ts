import { existsSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import type { PaneId } from '../../shared/domain/pane'
import { withoutNpmPath } from '../../core/launch/npmPath'
import { REAPER_TAG_VAR } from '../pty/sessionReaper'
import { BOARD_ENV } from '../../shared/domain/settings'

/** Variables of the board's own runtime that must not leak into the programs it runs. */
const PRIVATE_ENV = /^(ELECTRON_|SWITCHBOARD_|npm_|VITE_|NODE_OPTIONS$|INIT_CWD$)/

export interface PaneEnvironmentOptions {
  /** The environment panes inherit (before the board's own variables and the request's overrides). */
  readonly baseEnv: Readonly<Record<string, string | undefined>>
  /** Exported as SWITCHBOARD_SOCKET, with a fresh SWITCHBOARD_PANE_TOKEN per pane. */
  readonly socketPath?: string
  /** The session reaper's tag (REAPER_TAG_VAR), when a reaper runs. */
  readonly reaperTag: string | null
}

/** What a pane's program finds in its environment: the board's, without its private variables, plus the pane's identity. */
export class PaneEnvironment {
  constructor(private readonly options: PaneEnvironmentOptions) {}

  defaultShell(): string {
    const shell = this.options.baseEnv.SHELL
    if (shell && existsSync(shell)) return shell
    return existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh'
  }

  /** The board's environment without its private variables, and PATH without what npm put in front of it. */
  private base(): Record<string, string> {
    const base = this.options.baseEnv
    const env: Record<string, string> = {}
    for (const [k, v] of Object.entries(base)) if (v !== undefined && !PRIVATE_ENV.test(k)) env[k] = v
    if (env.PATH !== undefined) env.PATH = withoutNpmPath(env.PATH, base)
    return env
  }

  /** The environment panes inherit, for launch steps that run before the pane (worktree setup commands). */
  inherited(overrides?: Record<string, string>): Record<string, string> {
    return { ...this.base(), ...launchOwn(overrides) }
  }

  forPane(id: PaneId, overrides: Record<string, string> | undefined): Record<string, string> {
    const env = this.base()
    env.TERM = 'xterm-256color'
    env.COLORTERM = 'truecolor'
    env.TERM_PROGRAM = 'switchboard'
    env.SWITCHBOARD_PANE_ID = id
    if (this.options.reaperTag) env[REAPER_TAG_VAR] = this.options.reaperTag
    if (this.options.socketPath) {
      env.SWITCHBOARD_SOCKET = this.options.socketPath
      env.SWITCHBOARD_PANE_TOKEN = randomBytes(24).toString('base64url')
    }
    // The request may not set the pane's identity, nor any other variable of the board's.
    return { ...env, ...launchOwn(overrides) }
  }
}

/**
 * What a launch (spawn --env, a preset, Settings -> Agents) may set: anything but the board's own
 * variables (BOARD_ENV). The request schema refuses them with a message; this holds on every
 * other path, a hand-edited settings file included.
 */
function launchOwn(overrides: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(overrides ?? {})) if (!BOARD_ENV.test(k)) out[k] = v
  return out
}
