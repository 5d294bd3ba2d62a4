import { useEffect, useState } from 'react'
import type { AnswerResult } from '../../../../shared/domain/answer'
import type { PaneInfo } from '../../../../shared/domain/pane'
import type { AnswerRequest } from '../../../../shared/ipc/contract'
import { useBoardApi } from '../../ipc/BoardApiContext'
import type { AnswerNote } from './AnswerMessage'

/** How long a "Sent …" confirmation stays. */
export const OK_MESSAGE_MS = 2500

/**
 * Sends answers for one pane through main's guard (`pane:answer`) and keeps what came of the
 * last one. A refusal is about the state it was given in, so a new state clears it; a "Sent"
 * confirmation goes by itself.
 */
export function useAnswerSender(pane: PaneInfo, onStale: () => void) {
  const api = useBoardApi()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<AnswerNote | null>(null)
  useEffect(() => setMessage((m) => (m?.tone === 'refused' ? null : m)), [pane.verdict.state, pane.verdict.since])
  useEffect(() => {
    if (message?.tone !== 'ok') return
    const timer = setTimeout(() => setMessage((m) => (m === message ? null : m)), OK_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [message])

  async function send(request: AnswerRequest): Promise<AnswerResult | null> {
    setBusy(true)
    try {
      const result = await api.invoke('pane:answer', pane.id, request)
      setMessage(result.ok ? { tone: 'ok', text: `Sent ${result.sent}.` } : { tone: 'refused', text: result.message, reason: result.reason })
      if (!result.ok && (result.reason === 'dialog-changed' || result.reason === 'dialog-closed')) onStale()
      return result
    } catch (err) {
      setMessage({ tone: 'refused', text: err instanceof Error ? err.message : String(err) })
      return null
    } finally {
      setBusy(false)
    }
  }

  return { busy, message, send, dismiss: () => setMessage(null) }
}
