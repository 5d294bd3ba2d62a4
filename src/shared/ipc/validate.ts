import { BoardError } from './errors'
import { Invoke, Send, isInvokeChannel, isSendChannel } from './contract'
import type { InvokeArgs, InvokeChannel, SendArgs, SendChannel } from './contract'

interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
  /** Nested issues (e.g. an invalid record key) carry the message that says what is wrong. */
  readonly issues?: readonly Issue[]
}

function describe(issues: readonly Issue[]): string {
  return issues
    .slice(0, 3)
    .map((i) => {
      const message = i.issues?.[0]?.message ?? i.message
      return i.path.length ? `argument ${i.path.map(String).join('.')}: ${message}` : message
    })
    .join('; ')
}

/** Validates a call crossing into main; throws BoardError('invalid') naming the channel and field. */
export function parseInvoke(channel: unknown, args: unknown): { channel: InvokeChannel; args: InvokeArgs<InvokeChannel> } {
  if (!isInvokeChannel(channel)) throw new BoardError('invalid', `unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`)
  const parsed = Invoke[channel].args.safeParse(args)
  if (!parsed.success) throw new BoardError('invalid', `${channel}: ${describe(parsed.error.issues)}`)
  return { channel, args: parsed.data as InvokeArgs<InvokeChannel> }
}

export function parseSend(channel: unknown, args: unknown): { channel: SendChannel; args: SendArgs<SendChannel> } {
  if (!isSendChannel(channel)) throw new BoardError('invalid', `unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`)
  const parsed = Send[channel].safeParse(args)
  if (!parsed.success) throw new BoardError('invalid', `${channel}: ${describe(parsed.error.issues)}`)
  return { channel, args: parsed.data as SendArgs<SendChannel> }
}
