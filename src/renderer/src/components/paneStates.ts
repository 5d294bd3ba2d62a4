import type { PaneState } from '../../../shared/domain/pane'

/** How each state reads: its word, a one-line meaning, and its tone (colour class). */
export const STATE_LOOK: Record<PaneState, { readonly label: string; readonly meaning: string; readonly tone: string }> = {
  starting: { label: 'starting', meaning: 'spawned, nothing known yet', tone: 'neutral' },
  working: { label: 'working', meaning: 'the program is busy', tone: 'blue' },
  blocked: { label: 'blocked', meaning: 'a permission dialog waits for you', tone: 'red' },
  question: { label: 'question', meaning: 'a question with options waits for you', tone: 'violet' },
  input: { label: 'input', meaning: 'a program waits for what you type', tone: 'amber' },
  asked: { label: 'asked', meaning: 'the reply ended with a question', tone: 'amber' },
  idle: { label: 'idle', meaning: 'waiting for a new task', tone: 'green' },
  exited: { label: 'exited', meaning: 'the process has ended', tone: 'muted' },
  unknown: { label: 'unknown', meaning: 'no signal tells what the program does yet', tone: 'neutral' },
  reconnecting: { label: 'reconnecting', meaning: 'the ssh connection to its machine is cut; the program runs on there', tone: 'amber' },
}

/**
 * A pane back from the saved workspace that still ran when the board stopped: its verdict is
 * `exited` (nothing runs in it), but the one word for it everywhere — badge, `ls`, `ls --json`,
 * history — is "interrupted".
 */
export const INTERRUPTED_LOOK = { label: 'interrupted', meaning: 'the board stopped while it ran; Resume runs it again', tone: 'amber' } as const
