/**
 * The pane domain: what every side (main, preload, renderer, CLI) agrees a pane is.
 * Types only, plus the constant lists they are derived from.
 */

/** Pane ids are short decimal strings ("1", "2", …) so they are easy to type in the CLI. */
export type PaneId = string

export const PANE_STATES = [
  'starting',
  'working',
  'blocked',
  'question',
  /** A plain program waits for what you type: it sleeps reading the terminal (`[y/N]`, a password, `input()`). */
  'input',
  'asked',
  'idle',
  'exited',
  'unknown',
  /** A pane on another machine whose ssh connection is cut: the program runs on there, the board is reconnecting. */
  'reconnecting',
] as const
export type PaneState = (typeof PANE_STATES)[number]

/** The states in which the pane shows a dialog waiting for the user (a permission or a question). */
export function isDialogState(state: string | null | undefined): state is 'blocked' | 'question' {
  return state === 'blocked' || state === 'question'
}

export const EVIDENCE_SOURCES = ['process', 'exit', 'hook', 'screen', 'osc', 'title', 'input', 'remote'] as const
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number]

/** One piece of evidence behind a verdict: which signal, when, and the text or payload behind it. */
export interface Evidence {
  readonly source: EvidenceSource
  /** Milliseconds on the board's clock. */
  readonly at: number
  /** Human-readable: the rule, event or process that spoke, and what it saw. */
  readonly detail: string
  /** What the agent wants from the user in plain words, when the signal says ("Run `ls`?"). */
  readonly ask?: string
}

export interface Verdict {
  readonly state: PaneState
  /** When the pane entered this state (ms on the board's clock). */
  readonly since: number
  readonly evidence: readonly Evidence[]
}

/** The program that owns the terminal right now (the foreground process group's leader). */
export interface ForegroundProgram {
  readonly pid: number
  readonly argv: readonly string[]
  /** True when the pane's own root process (usually a shell) is back in front. */
  readonly isRoot: boolean
  /**
   * With the root in front: it is not at rest — it runs its own commands (a shell's loop of
   * builtins) or waits for a child it started (`wait`). Absent when at rest (a shell's prompt).
   */
  readonly rootBusy?: RootBusy
}

/** What the pane's root does while it holds the terminal itself and is not at rest. */
export type RootBusy = 'running' | 'waiting for a child'

export interface PaneExit {
  readonly code: number
  /** Signal number when the process was killed by a signal, else null. */
  readonly signal: number | null
}

export interface PaneInfo {
  readonly id: PaneId
  readonly title: string
  readonly command: readonly string[]
  readonly cwd: string
  readonly pid: number
  readonly cols: number
  readonly rows: number
  readonly createdAt: number
  readonly foreground: ForegroundProgram | null
  readonly verdict: Verdict
  readonly exit: PaneExit | null
  /** The agent the pane runs (`claude`, `codex`, `opencode`, `pi`), null for other programs. */
  readonly agent: string | null
  /** The agent's own session id, from its reports, for a later resume. */
  readonly sessionId: string | null
  /** The open dialog's structure while the pane is blocked or asks a question and the screen shows it. */
  readonly dialog: DialogInfo | null
  /** The agent may have changed under its rules: its screen matches none of them, or it is newer. */
  readonly drift: PaneDrift | null
  /** The agent's version, from its reports or its screen. */
  readonly agentVersion: string | null
  /** The agent's latest report (hook or plugin event) and when it arrived. */
  readonly lastReport: { readonly event: string; readonly at: number } | null
  /** The git worktree the board made for this pane (`spawn --worktree`), null otherwise. */
  readonly worktree: PaneWorktree | null
  /** What changed in the pane's checkout since it started; null outside a git repository. */
  readonly changes: PaneChanges | null
  /**
   * Set when the pane was restored from the saved workspace after its board stopped (a crash, a
   * reboot or a quit) while it still ran: nothing runs in it until it is resumed or restarted.
   */
  readonly interrupted?: PaneInterruption | null
  /**
   * Variables this run was launched without that its launch had: secrets given for one launch are
   * never saved, so a pane resumed after the board stopped lacks them unless given again.
   */
  readonly missingEnv?: MissingEnv | null
  /** Set for a pane that runs on another machine (`spawn --host`): its status is computed there. */
  readonly host?: PaneHost | null
}

/** Where a remote pane runs, and how the board's ssh connection to it is. */
export interface PaneHost {
  /** The ssh destination as the user named it (`dev-box`, `me@10.0.0.2`). */
  readonly name: string
  readonly link: 'connected' | 'reconnecting'
  /** While reconnecting: why the last attempt failed (ssh's own words). */
  readonly problem?: string | null
}

/** Per-launch variables a resumed pane lacks (their names only), and where they could come from. */
export interface MissingEnv {
  readonly names: readonly string[]
  /**
   * The settings that a resume applies again, where the user can keep them ("Settings → Agents →
   * claude → Environment"); null when the pane was not launched by agent or preset, so only
   * `resume --env` (or the board's own environment) can give them.
   */
  readonly setIn: string | null
}

export interface PaneWorktree {
  /** The main checkout the worktree was added to. */
  readonly repo: string
  /** The worktree's folder (the pane's working directory). */
  readonly path: string
  readonly branch: string
  /** What the branch started from, as the user named it (a branch, tag or commit). */
  readonly base: string
  readonly baseCommit: string
}

/** Files changed and lines added/removed since `since` (tracked changes and untracked files). */
export interface PaneChanges {
  /** The commit the pane started at (a worktree's base commit, else HEAD when it started). */
  readonly since: string
  /** The checkout's branch now, null when detached. */
  readonly branch: string | null
  readonly files: number
  readonly added: number
  readonly removed: number
  /** When they were last counted (board clock). */
  readonly at: number
  /** Set when the last count failed: what git said. */
  readonly error: string | null
  /** The checkout's top folder (`git rev-parse --show-toplevel`): which repository the pane works in. */
  readonly root?: string
}

export interface FileChange {
  readonly path: string
  /** A renamed file's old path. */
  readonly from?: string
  readonly status: 'added' | 'modified' | 'deleted' | 'renamed' | 'untracked'
  /** Null for a binary file (or one not read: very large, or past the first 2,000 new files). */
  readonly added: number | null
  readonly removed: number | null
}

/** The changes view: per-file counts and the unified diff of them all (`git diff` format). */
export interface PaneChangesDetail {
  readonly paneId: PaneId
  readonly cwd: string
  readonly since: string
  readonly files: readonly FileChange[]
  readonly diff: string
  /** The diff was cut at this many characters. */
  readonly truncatedAt: number | null
  /** Changed files whose diff did not fit in it. */
  readonly omitted: readonly string[]
}

/** Closing a worktree pane: what would be lost, decided before anything is removed. */
export interface WorktreeCheck {
  readonly path: string
  readonly branch: string
  readonly base: string
  readonly safe: boolean
  readonly reasons: readonly string[]
}

export interface PaneInterruption {
  /** When its board was last seen alive (ms since the epoch): about when the pane stopped. */
  readonly at: number
  /** What Resume does: the agent's own resume command with its session id, or the command run again. */
  readonly resume: { readonly kind: 'session'; readonly sessionId: string } | { readonly kind: 'rerun' }
  /** The command line Resume runs (as the user would type it; reporting is injected again on top). */
  readonly command: readonly string[]
  /** What Resume would run without, as the settings are now; absent or null: nothing. */
  readonly missingEnv?: MissingEnv | null
}

/** What happened to the pane itself, beside its verdicts: the board stopped while it ran, or it was run again. */
export const HISTORY_MARKS = ['interrupted', 'resumed', 'restarted'] as const
export type HistoryMark = (typeof HISTORY_MARKS)[number]

/** One entry of a pane's state history: the verdict it entered, with its deciding evidence. */
export interface StateHistoryEntry {
  readonly paneId: PaneId
  readonly state: PaneState
  readonly previous: PaneState
  /** When the pane entered the state (ms since the epoch); it lasted until the next entry's. */
  readonly since: number
  readonly evidence: readonly Evidence[]
  /**
   * Set on the entries the board writes itself: `interrupted` (state exited) when the board that
   * ran the pane stopped, at its last sign of life; `resumed` / `restarted` (state starting) when
   * the pane ran again. Absent on the pane's own verdicts.
   */
  readonly mark?: HistoryMark
}

export interface PaneDrift {
  readonly reason: 'unmatched-screen' | 'newer-version'
  readonly since: number
  readonly detail: string
}

export interface DialogOption {
  readonly key: string
  readonly label: string
}

export interface DialogInfo {
  readonly kind: 'permission' | 'question'
  readonly title: string
  readonly options: readonly DialogOption[]
  /**
   * `arrows`: the options carry no digits the program reads (their keys are positions); one is
   * chosen by moving the highlight to it and pressing Enter. Absent: options are chosen by key.
   */
  readonly choose?: 'arrows'
  /** For `arrows`: the 0-based index of the highlighted option, when the screen shows one. */
  readonly cursor?: number
  /** The options are check boxes (`[ ]`/`[✔]`): Enter and digits toggle one; a later step submits. */
  readonly multiSelect?: true
  /** One question of several still unanswered (tabs `←  ☐ Manager  ☐ Checks  ✔ Submit  →`): an answer moves to the next. */
  readonly moreSteps?: true
}

/** Where a program's own notification came from (core/notify/programAlerts.ts). */
export type AlertSource = 'OSC 9' | 'OSC 777' | 'OSC 99' | 'bell'

/** A notification the pane's program raised itself (OSC 9/777/99 or the bell). */
export interface PaneAlert {
  readonly paneId: PaneId
  readonly source: AlertSource
  readonly title: string
  readonly body: string
  readonly at: number
  /** More alerts this one stands for, coalesced within a second (core/notify/alertThrottle); absent or 0 for one. */
  readonly repeats?: number
}

/** One OSC sequence the pane's program wrote (e.g. 7501 for Codex's own state). */
export interface OscRecord {
  readonly ident: number
  readonly data: string
  readonly at: number
}

/** The visible screen: the bottom page of the emulated terminal, not the scrolled viewport. */
export interface ScreenSnapshot {
  readonly paneId: PaneId
  readonly cols: number
  readonly rows: number
  readonly lines: readonly string[]
  readonly cursor: { readonly x: number; readonly y: number }
  readonly alternate: boolean
  readonly title: string
  readonly osc: readonly OscRecord[]
}

/** What a client needs to show a pane it was not watching: the mirror serialized, then live data. */
export interface AttachSnapshot {
  readonly paneId: PaneId
  readonly cols: number
  readonly rows: number
  readonly serialized: string
}

/**
 * A pane's verdict changed state: the one event for it, with the pane as it is after the change (its dialog, drift, exit).
 * The new verdict is `info.verdict` — the pane owns it; the event does not carry a second copy.
 */
export interface StateChange {
  readonly paneId: PaneId
  readonly previous: PaneState
  readonly info: PaneInfo
}

/** `switchboard explain`: the live verdict, what decided it, and every rule evaluated now. */
export interface PaneExplanation {
  readonly paneId: PaneId
  readonly agent: string | null
  readonly verdict: Verdict
  /** Evidence behind the current decision (may be newer than the verdict's, same state). */
  readonly evidence: readonly Evidence[]
  /** The latest word of each signal channel the reducer combines (process, screen, report, terminal). */
  readonly channels: Readonly<Record<string, unknown>>
  /** The agent's screen rules, in order, against the screen as it is now: first match wins. */
  readonly rules: readonly { readonly ruleId: string; readonly state: string; readonly matched: boolean; readonly text: string }[]
  /** When the user last typed into the pane; never what (it may be a password). */
  readonly lastInputAt: number | null
  /** With the screen as it was when the drift began, for a bug report. */
  readonly drift: (PaneDrift & { readonly screen: { readonly lines: readonly string[]; readonly title: string } }) | null
  readonly agentVersion: { readonly version: string; readonly at: number; readonly source: string } | null
  readonly evaluations: number
  readonly evalMs: number
  /** The report server's counters for this pane, and its own against token-less floods. */
  readonly reports?: PaneReportCounters | null
}

export interface PaneReportCounters {
  readonly accepted: number
  /** Refusals addressed to this pane, by reason (unauthorized, rate-limited, busy, …). */
  readonly rejected: Readonly<Record<string, number>>
  readonly server: { readonly preAuth: number; readonly droppedPreAuth: number; readonly unauthorized: number }
}
