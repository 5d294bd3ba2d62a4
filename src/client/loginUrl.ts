import type { DaemonState } from './daemonState'
import { makeLoginCode } from './loginCode'

/** The browser-mode address of a daemon, without any secret. */
export function daemonOrigin(state: Pick<DaemonState, 'host' | 'port'>): string {
  const host = state.host === '0.0.0.0' || state.host === '::' ? '127.0.0.1' : state.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${state.port}`
}

/** A URL that logs one browser in once, within a minute (see loginCode.ts). */
export function loginUrl(state: Pick<DaemonState, 'host' | 'port' | 'token'>, now: number): string {
  return `${daemonOrigin(state)}/?code=${makeLoginCode(state.token, now)}`
}
