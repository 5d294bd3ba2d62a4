/**
 * Attention across clients: what the daemon's notification policy (src/board/notify) tells every
 * window and tab — which finished turns and program alerts nobody has looked at, each pane's
 * notification mode — and what it sends one client to show. Types only, plus their constant lists.
 */
import type { AlertSource, PaneId } from './pane'

export const ATTENTION_KINDS = ['blocked', 'question', 'input', 'asked', 'finished', 'alert'] as const
export type AttentionKind = (typeof ATTENTION_KINDS)[number]

/**
 * How much a pane (or every pane of an agent) notifies: `all` — every kind its level allows;
 * `attention` — only what stops its work (a dialog, a question, a program waiting for input, a
 * reply that asks); `none` — no desktop notification (the needs-you list still shows it).
 */
export const NOTIFY_MODES = ['all', 'attention', 'none'] as const
export type NotifyMode = (typeof NOTIFY_MODES)[number]

/** A program's own notification (OSC 9/777/99, the bell), as the policy keeps it until the pane is looked at. */
export interface PendingAlert {
  readonly at: number
  /** Not yet raised: waits for the pane's state to settle (AlertSettleMs). */
  readonly dueAt?: number
  readonly source: AlertSource | string
  readonly title: string
  readonly body: string
}

/** What every client shows the same: the needs-you extras and the modes. */
export interface AttentionSnapshot {
  /** Panes whose turn finished while nobody looked, and since when. */
  readonly unseen: Readonly<Record<PaneId, number>>
  /** Programs' own notifications nobody has looked at yet (settled ones only). */
  readonly alerts: Readonly<Record<PaneId, PendingAlert>>
  /** Each pane's mode in effect (its own, else its agent's from the settings, else `all`). */
  readonly modes: Readonly<Record<PaneId, NotifyMode>>
  /** Panes with a mode of their own (set from a client, not inherited from the settings). */
  readonly ownModes: Readonly<Record<PaneId, NotifyMode>>
}

/** One notification to raise, sent to exactly one client (the one the user was at last). */
export interface NotificationIntent {
  /** Unique per daemon: a client shows each once. */
  readonly id: number
  readonly paneId: PaneId
  readonly kind: AttentionKind
  /** `alert`: with sound; `quiet`: silent. */
  readonly level: 'alert' | 'quiet'
  /** When the pane began waiting. */
  readonly since: number
  /** For `alert`: the program's notification. */
  readonly alert?: PendingAlert
}

/** What a client looks at, reported whenever it changes (`client:view`). */
export interface ClientView {
  /** The window has the keyboard focus and its page is visible. */
  readonly focused: boolean
  /** Panes whose terminal is on screen in it. */
  readonly visible: readonly PaneId[]
  /** It can show desktop notifications (permission granted). */
  readonly canNotify: boolean
}

/** One thing that waited while nobody was at any client. */
export interface AwayEntry {
  readonly paneId: PaneId
  readonly kind: AttentionKind
  /** When it began waiting. */
  readonly since: number
  /** When it stopped waiting (answered, moved on); null: it still waits. */
  readonly until: number | null
  readonly alert?: PendingAlert
}

/** "While you were away": sent once to the client the user came back to. */
export interface AwaySummary {
  /** When the last client lost the focus. */
  readonly from: number
  /** When one got it back. */
  readonly to: number
  /** Oldest first; at most AwayConstants.MaxEntries of them. */
  readonly entries: readonly AwayEntry[]
  /** Older entries left out to keep it short. */
  readonly more: number
}
