/**
 * The text of a message as agents deliver it: a string, or an array of parts where text parts
 * are `{type: "text", text}` (Pi's `message.content`). Anything else has no text.
 */
export function messageText(value: unknown): string {
  if (typeof value === 'string') return value
  if (!Array.isArray(value)) return ''
  return value
    .map((part) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : ''))
    .filter((t) => t !== '')
    .join('\n')
}

/** The last line of a reply, shortened, for evidence. */
export function replyTail(text: string, max = 80): string {
  const t = text.trim().replace(/\s+/g, ' ')
  return t.length <= max ? t : `…${t.slice(-max)}`
}
