import type { ProcessSignal } from '../../core/status/processSignals'

/**
 * Everything a pane's status pipeline is fed besides its output, as it happens: what the user
 * typed, resizes, the agent's reports and the process channel. A recorder listens to this (and to
 * the parsed output) to write a recording that replays to the same verdicts.
 */
export type PaneTap =
  | { readonly kind: 'input'; readonly data: string }
  | { readonly kind: 'resize'; readonly cols: number; readonly rows: number }
  | { readonly kind: 'report'; readonly event: string; readonly payload: unknown }
  | { readonly kind: 'process'; readonly signal: ProcessSignal }
