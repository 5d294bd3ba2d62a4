import type { AgentKind } from '../../shared/domain/agents'

/**
 * How each agent continues a conversation by its session id: data, with the version it was
 * verified on (the real CLI's `--help`, and a resumed turn against the fake model servers in
 * test/agents). The resume arguments go first; the user's own arguments follow unchanged.
 */
export interface ResumeSpec {
  readonly verifiedOn: string
  /** Arguments placed right after the executable. */
  args(sessionId: string): readonly string[]
}

export const AGENT_RESUME: Readonly<Record<AgentKind, ResumeSpec | null>> = {
  // `-r, --resume [value]  Resume a conversation by session ID`
  claude: { verifiedOn: '2.1.197', args: (id) => ['--resume', id] },
  // `codex resume [OPTIONS] [SESSION_ID] [PROMPT]`; the global flags reporting adds (`--no-daemon`,
  // `-c hooks…`) still parse in front of the subcommand.
  codex: { verifiedOn: '0.171.0', args: (id) => ['resume', id] },
  // `-s, --session  session id to continue`
  opencode: { verifiedOn: '1.18.33', args: (id) => ['--session', id] },
  // `--session <path|id>  Use specific session file or partial UUID`
  pi: { verifiedOn: '0.73.1', args: (id) => ['--session', id] },
  // `-r, --resume  Resume a previous session. Use "latest" for most recent or index number`; a
  // session's UUID works too (SessionSelector.findSession), within the project of the cwd.
  gemini: { verifiedOn: '0.61.0', args: (id) => ['--resume', id] },
  shell: null,
}

/** The command that resumes `argv` (the pane's command as the user gave it) in session `sessionId`. */
export function resumeCommand(agent: string | null, argv: readonly string[], sessionId: string | null): string[] | null {
  const spec = agent && sessionId ? AGENT_RESUME[agent as AgentKind] : null
  if (!spec || !sessionId || !argv.length) return null
  const [executable, ...userArgs] = argv
  return [executable!, ...spec.args(sessionId), ...userArgs]
}
