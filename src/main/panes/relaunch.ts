import type { AgentKind } from '../../shared/domain/agents'
import type { PaneId, PaneInfo, PaneWorktree } from '../../shared/domain/pane'
import { resumeCommand } from '../agents/resume'
import type { Pane } from './pane'

/** What a pane was launched with, as the user asked (no injected flags): what runs it again. */
export interface PaneLaunchSpec {
  readonly command: readonly string[]
  readonly cwd: string
  /** The request's environment overrides (on top of the board's environment). */
  readonly env: Readonly<Record<string, string>>
  readonly title?: string
  readonly cols: number
  readonly rows: number
  /** The agent it was launched as by name (`spawn --agent`), whatever the executable is called. */
  readonly agent?: AgentKind
  /** The git worktree made for it: a restart runs in the same one. */
  readonly worktree?: PaneWorktree
}

export interface PaneLaunched {
  readonly paneId: PaneId
  readonly spec: PaneLaunchSpec
  readonly pane: Pane
}

/** The command a restart or resume runs: the agent's resume command when it reported a session. */
export function relaunchCommand(command: readonly string[], before: PaneInfo): readonly string[] {
  return resumeCommand(before.agent, command, before.sessionId) ?? command
}

/**
 * What the new pane's mirror starts with: the old screen, then a marker line, then a blank page,
 * so the old screen is in the scrollback (the user can read it) while the visible page, which
 * the status rules read, holds only what the new program draws. Leaves the alternate screen and
 * soft-resets modes the old program had set.
 */
export function relaunchSeed(serialized: string, rows: number, argv: readonly string[]): string {
  const marker = `\x1b[2m── switchboard: ${argv.join(' ').slice(0, 200)} ──\x1b[0m`
  // From the bottom row, each newline scrolls one line up into the scrollback: `rows` of them leave a blank page.
  return `${serialized}\x1b[?1049l\x1b[!p\x1b[0m\x1b[${rows};1H\r\n${marker}${'\r\n'.repeat(rows)}\x1b[H`
}
