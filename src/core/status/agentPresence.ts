import type { PaneContext, ProcessSignal } from './processSignals'

/** Whether the engine's agent is the pane's foreground program, and since when (drift waits for it to be in front). */
export interface AgentPresence {
  /** Null until the first foreground signal. */
  readonly agentInFront: boolean | null
  readonly inFrontSince: number | null
}

export const unknownPresence: AgentPresence = { agentInFront: null, inFrontSince: null }

/** The presence after a process signal: only a foreground signal changes it. */
export function notePresence(
  presence: AgentPresence,
  signal: ProcessSignal,
  context: PaneContext,
  agent: string | null,
  recognize: (argv: readonly string[]) => string | null,
): AgentPresence {
  if (signal.kind !== 'foreground') return presence
  const { program } = signal
  // The pane's root is the agent itself unless it is a shell; any other program hides the agent's screen.
  const inFront = program.isRoot ? !context.rootIsShell : recognize(program.argv) === agent
  const inFrontSince = inFront && presence.agentInFront !== true ? signal.at : presence.inFrontSince
  return { agentInFront: inFront, inFrontSince }
}
