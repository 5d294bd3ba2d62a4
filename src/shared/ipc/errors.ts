/** Error codes every transport carries unchanged, so the CLI and the renderer can react precisely. */
export const BOARD_ERROR_CODES = [
  'not-found',
  'invalid',
  'forbidden',
  'spawn-failed',
  'exited',
  'internal',
  'agent-missing',
  'unsafe',
  'git-failed',
  'unreachable',
] as const
export type BoardErrorCode = (typeof BOARD_ERROR_CODES)[number]

export class BoardError extends Error {
  constructor(
    readonly code: BoardErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'BoardError'
  }
}

export interface WireError {
  readonly code: BoardErrorCode
  readonly message: string
}

export function toWireError(err: unknown): WireError {
  if (err instanceof BoardError) return { code: err.code, message: err.message }
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) }
}

export function fromWireError(wire: WireError): BoardError {
  const code = (BOARD_ERROR_CODES as readonly string[]).includes(wire.code) ? wire.code : 'internal'
  return new BoardError(code, String(wire.message))
}
