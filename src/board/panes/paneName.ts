import { programName } from '../../core/process/shells'
import { agentOwnTitle, paneTitle, promptOf } from '../../core/launch/paneTitle'

/** What a pane's name is read from at the moment it is asked for. */
export interface PaneNameInputs {
  readonly agent: string | null
  readonly agentName: string | null
  /** The terminal title the program set last. */
  readonly terminal: string
}

/**
 * A pane's name (paneTitle decides): the title it was given, else the agent's own terminal title
 * (kept while the agent shows only its own name again), else its first prompt, directory or program.
 */
export class PaneName {
  /** The first prompt the agent reported (UserPromptSubmit): a name for panes without a title of their own. */
  private firstPrompt: string | null = null
  /** The agent's last terminal title of its own: the name stays when it shows only its own name again. */
  private kept: string | null = null

  constructor(
    private readonly fixed: string | undefined,
    private readonly launch: { readonly argv: readonly string[]; readonly cwd: string },
  ) {}

  /** An agent's report: the first prompt names a pane without a title of its own. */
  report(event: string, payload: unknown): void {
    this.firstPrompt ??= promptOf(event, payload)
  }

  /** The name now; reading it keeps the agent's own title, as it was set (paneTitle's `kept`). */
  read(now: PaneNameInputs): string {
    const inputs = {
      fixed: this.fixed,
      ...now,
      firstPrompt: this.firstPrompt,
      cwd: this.launch.cwd,
      program: programName(this.launch.argv[0] ?? 'pane'),
    }
    if (agentOwnTitle(inputs)) this.kept = inputs.terminal
    return paneTitle({ ...inputs, kept: this.kept })
  }
}
