import { useEffect, useState } from 'react'
import type { Delivery } from '../../../../shared/domain/answer'
import type { PaneId } from '../../../../shared/domain/pane'
import { Icon } from '../../components/Icon'
import { useBoardApi } from '../../ipc/BoardApiContext'

/** A line sent that the program did not take, and what "Send again" needs. */
export interface Undelivered {
  readonly text: string
  readonly delivery: number
  readonly message: string
}

/**
 * Asks main whether the program took the line of delivery `id` (pane:delivery) and reports the
 * one that it did not: the answer box never loses a line without a word. `pending` while the
 * answer is not in (the queue's next line waits for it); cancelled when the pane or the delivery
 * changes.
 */
export function useDelivery(paneId: PaneId, sent: { readonly text: string; readonly delivery: number } | null) {
  const api = useBoardApi()
  const [undelivered, setUndelivered] = useState<Undelivered | null>(null)
  // The delivery whose outcome is in (taken, not taken, unknown to the board, or the ask failed).
  const [settled, setSettled] = useState<number | null>(null)
  useEffect(() => {
    setUndelivered(null)
    if (!sent) return
    let live = true
    void api
      .invoke('pane:delivery', paneId, sent.delivery)
      .then((d: Delivery | null) => {
        if (live && d && !d.taken) setUndelivered({ text: sent.text, delivery: sent.delivery, message: d.message })
      })
      .catch(() => undefined)
      .finally(() => live && setSettled(sent.delivery))
    return () => {
      live = false
    }
  }, [api, paneId, sent])
  return { undelivered, pending: sent !== null && settled !== sent.delivery, dismiss: () => setUndelivered(null) }
}

/** "Not taken — …" with Send again (the same line, bound to this delivery) and dismiss. */
export function DeliveryNotice({
  notice,
  busy,
  onSendAgain,
  onDismiss,
}: {
  notice: Undelivered
  busy: boolean
  onSendAgain: () => void
  onDismiss: () => void
}) {
  return (
    <p className="answer-box__message is-refused" role="alert" data-testid="answer-not-taken">
      <Icon name="warning" size={14} />
      <span>{notice.message}</span>
      <button type="button" className="button" disabled={busy} data-testid="answer-send-again" onClick={onSendAgain}>
        Send again
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </p>
  )
}
