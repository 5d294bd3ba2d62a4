/**
 * The envelope the contract travels in over byte streams: the browser-mode WebSocket and the
 * control CLI's Unix socket (one JSON object per message / per line). Electron IPC carries the
 * same channels natively and does not use this.
 */
import { z } from 'zod'
import type { EventChannel, EventMap } from './contract'
import type { WireError } from './errors'

export const clientMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('invoke'), id: z.number().int().nonnegative(), channel: z.string().max(64), args: z.array(z.unknown()).max(8) }),
  z.object({ t: z.literal('send'), channel: z.string().max(64), args: z.array(z.unknown()).max(8) }),
])
export type ClientMessage = z.infer<typeof clientMessageSchema>

export type ServerMessage =
  | { t: 'result'; id: number; ok: true; value: unknown }
  | { t: 'result'; id: number; ok: false; error: WireError }
  | { [E in EventChannel]: { t: 'event'; channel: E; payload: EventMap[E] } }[EventChannel]

/** Largest message a server accepts: one maximal write plus its envelope and JSON escaping. */
export const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024 * 1024
