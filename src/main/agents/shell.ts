import type { AgentProfile } from './profile'

/** Anything that is not a known agent: launched as typed, recognised by nothing, reports nothing. */
export const shellProfile: AgentProfile = {
  kind: 'shell',
  executables: [],
  resources: [],
  prepareLaunch: () => null,
}
