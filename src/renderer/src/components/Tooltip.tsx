import { useId, useRef, useState, type ReactElement, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

export interface TooltipTriggerProps {
  readonly onMouseEnter: () => void
  readonly onMouseLeave: () => void
  readonly onFocus: () => void
  readonly onBlur: () => void
  readonly 'aria-describedby': string
  readonly ref: (el: HTMLElement | null) => void
}

/**
 * A tooltip shown while its trigger is hovered or focused, drawn at the document's top level so a
 * scrolling sidebar does not clip it. The content is also always in the DOM, hidden, as the
 * trigger's description, so a screen reader hears it without hovering.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: (props: TooltipTriggerProps) => ReactElement }) {
  const id = useId()
  const anchor = useRef<HTMLElement | null>(null)
  const [rect, setRect] = useState<DOMRect | null>(null)
  const show = () => anchor.current && setRect(anchor.current.getBoundingClientRect())
  const hide = () => setRect(null)
  const below = rect ? rect.bottom + 6 : 0
  const left = rect ? Math.max(8, Math.min(rect.left, window.innerWidth - 348)) : 0
  const flip = rect ? below + 160 > window.innerHeight : false
  return (
    <>
      {children({ onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide, 'aria-describedby': id, ref: (el) => (anchor.current = el) })}
      <span id={id} className="visually-hidden">
        {content}
      </span>
      {rect &&
        createPortal(
          <div
            className="tooltip"
            role="presentation"
            data-testid="tooltip"
            style={flip ? { left, bottom: window.innerHeight - rect.top + 6 } : { left, top: below }}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  )
}
