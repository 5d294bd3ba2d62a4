import type { AgentTerminalState } from '../../../src/core/agents/agentCode'

/**
 * Codex writes its own UI state into the terminal as `OSC 7501;state=<s>:app=codex[:kind=<k>]`
 * (measured on 0.171.0, fixtures/codex/README.md): `working` within 3 ms of Enter, `blocked` with
 * `kind=permission|question` in the frame that draws the dialog, `done` at a turn end the user
 * has not touched since, `idle` once the composer is touched or after an interrupt, `error` when
 * the turn ended on an API error (a 500: "We're currently experiencing high demand", the composer
 * back), `clear` at exit. It is the agent's own state machine, so it ranks with agent reports, not
 * with screen text. A state this parser does not know says only that the last one is over.
 */
export const CODEX_STATE_OSC = 7501

/** Parses the OSC payload (after `7501;`, agent.toml's `[terminal_state] osc`); null when it is not Codex's state sequence. */
export function parseTerminalState(data: string): AgentTerminalState | null {
  const fields = new Map<string, string>()
  for (const part of data.split(':')) {
    const eq = part.indexOf('=')
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1))
  }
  const app = fields.get('app')
  if (app !== undefined && app !== 'codex') return null
  switch (fields.get('state')) {
    case 'working':
      return { state: 'working' }
    case 'blocked':
      return { state: fields.get('kind') === 'question' ? 'question' : 'blocked' }
    case 'done':
      return { state: 'turnEnded', raw: 'done' }
    case 'idle':
      return { state: 'turnEnded', raw: 'idle' }
    case 'error':
      return { state: 'turnEnded', raw: 'error' }
    case 'clear':
      return { state: 'gone' }
    default: {
      const state = fields.get('state')
      return state === undefined || app === undefined ? null : { state: 'unknown', raw: state }
    }
  }
}
