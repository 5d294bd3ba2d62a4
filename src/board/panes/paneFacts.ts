import type { MissingEnv, PaneChanges, PaneInfo, PaneWorktree } from '../../shared/domain/pane'

/** What a pane was launched with and what it learnt besides its screen and its status. */
export interface GivenFacts {
  /** The worktree the board made for this pane. */
  readonly worktree?: PaneWorktree | null
  /** The agent's session this run resumes: its id until the agent reports one of its own. */
  readonly session?: string | null
  /** What this run lacks of its launch's environment (not saved: secrets). */
  readonly missingEnv?: MissingEnv | null
  /** What the board before this one learnt from the agent's reports (a pane taken over: they are not sent again). */
  readonly earlier?: { readonly sessionId: string | null; readonly agentVersion: string | null }
}

/** The part of a pane's info the status does not own. */
export type PaneFactsInfo = Pick<PaneInfo, 'sessionId' | 'agentVersion' | 'lastReport' | 'worktree' | 'changes' | 'missingEnv'>

/**
 * A pane's facts that are neither its screen nor its verdict: its worktree, the session it
 * resumed, the environment it lacks, its last report and the count of its changes.
 */
export class PaneFacts {
  private lastReport: PaneInfo['lastReport'] = null
  private changes: PaneChanges | null = null

  constructor(private readonly given: GivenFacts) {}

  reported(event: string, at: number): void {
    this.lastReport = { event, at }
  }

  /** Takes the latest count of what changed in the checkout; false when it says what the last one said. */
  setChanges(changes: PaneChanges): boolean {
    const before = this.changes
    this.changes = changes
    // A recount that found the same is no change (a working pane is recounted every few seconds).
    return !(
      before &&
      before.since === changes.since &&
      before.branch === changes.branch &&
      before.root === changes.root &&
      before.files === changes.files &&
      before.added === changes.added &&
      before.removed === changes.removed &&
      before.error === changes.error
    )
  }

  /** These facts beside what the agent reported this run (`fromStatus`), which wins. */
  info(fromStatus: { readonly sessionId: string | null; readonly agentVersion: string | null }): PaneFactsInfo {
    const { worktree, session, missingEnv, earlier } = this.given
    return {
      // A resumed agent is in the session it resumed until it names one itself (also after a takeover).
      sessionId: fromStatus.sessionId ?? earlier?.sessionId ?? session ?? null,
      agentVersion: fromStatus.agentVersion ?? earlier?.agentVersion ?? null,
      lastReport: this.lastReport,
      worktree: worktree ?? null,
      changes: this.changes,
      ...(missingEnv ? { missingEnv } : {}),
    }
  }
}
