import { useEffect, useRef, type RefObject } from 'react'
import type { PaneId } from '../../../../shared/domain/pane'
import { useOverlayStore } from '../../store/overlayStore'

/** A request older than this is not honoured by a box that mounts after it. */
const FRESH_MS = 3_000

/**
 * Takes the focus when asked (Alt+A, a notification's click): the text field, or in a dialog
 * its first option. A request made for this pane before its box or its dialog's options were on
 * screen (a notification click selects the pane first) is kept until there is something to focus.
 */
export function useAnswerFocus(paneId: PaneId, box: RefObject<HTMLElement | null>): void {
  const request = useOverlayStore((s) => s.answerFocus)
  const handled = useRef(0)
  useEffect(() => {
    if (request.seq === handled.current) return
    if ((request.paneId !== null && request.paneId !== paneId) || Date.now() - request.at > FRESH_MS) {
      handled.current = request.seq
      return
    }
    const target = box.current?.querySelector<HTMLElement>('[data-testid="answer-input"], [data-testid="dialog-option"], [data-testid="dialog-free-text"]')
    if (!target) return
    target.focus()
    handled.current = request.seq
  })
}
