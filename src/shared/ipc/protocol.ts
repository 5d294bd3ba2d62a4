/**
 * The version of the client/daemon protocol: the contract's channels and the wire envelope. Raise
 * it with every change an older client or daemon could not follow (a channel removed or renamed, an
 * argument or result reshaped); adding an optional field is not such a change. `board:info` and its
 * `protocol` field never change shape, so that a client can always read it first.
 */
export const PROTOCOL_VERSION = 2

/** A daemon that says nothing of its protocol predates the daemon: the first protocol. */
export function protocolOf(info: { readonly protocol?: number }): number {
  return typeof info.protocol === 'number' ? info.protocol : 1
}

/**
 * What a client says when the daemon it reached speaks another protocol; null when they match.
 * `client` names the client in the message ("this switchboard", "this window").
 */
export function protocolMismatch(
  info: { readonly protocol?: number; readonly version?: string },
  client: string,
  mine: number = PROTOCOL_VERSION,
): string | null {
  const theirs = protocolOf(info)
  if (theirs === mine) return null
  const daemon = `the running board${info.version ? ` (${info.version})` : ''} speaks protocol ${theirs}, ${client} protocol ${mine}`
  return theirs < mine
    ? `${daemon}: run \`switchboard daemon --restart\` to start this version's board (the programs in its panes run on)`
    : `${daemon}: the board is newer; use the switchboard that started it, or run \`switchboard daemon --restart\` with this one`
}
