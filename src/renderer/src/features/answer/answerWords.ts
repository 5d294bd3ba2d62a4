/** What the answer box says for a pane: its hint line and its text field's placeholder. Pure. */
import type { PaneInfo, PaneState } from '../../../../shared/domain/pane'

/** The pane's program has ended (its verdict says so, or its exit is known already). */
export function hasEnded(pane: Pick<PaneInfo, 'exit' | 'verdict'>): boolean {
  return pane.exit !== null || pane.verdict.state === 'exited'
}

export function hint(state: PaneState, ended = state === 'exited'): string {
  if (ended) return 'The program has ended'
  switch (state) {
    case 'idle':
    case 'input':
    case 'asked':
      return 'Enter sends the text, then Enter on its own · Shift+Enter adds a line'
    case 'blocked':
    case 'question':
      return 'A dialog is open: choose one of its options (or press its number)'
    case 'working':
      return 'The agent is working: Enter queues the text for when it is ready · “Send anyway” types it now'
    case 'starting':
      return 'The program is starting: Enter queues the text for when it is ready · “Send anyway” types it now'
    default:
      return 'Switchboard cannot tell what the program does: Enter queues the text until it can · “Send anyway” types it now'
  }
}

/** An agent is replied to; any other program (a shell, a command) gets a line typed into it. */
export function placeholder(pane: Pick<PaneInfo, 'agent' | 'command' | 'exit' | 'verdict'>): string {
  if (hasEnded(pane)) return 'The program has ended'
  if (pane.agent) return 'Reply to the agent… (Shift+Enter for a new line)'
  const program = pane.command[0]?.split('/').pop() || 'the program'
  return `A line for ${program}… (Shift+Enter for a new line)`
}
