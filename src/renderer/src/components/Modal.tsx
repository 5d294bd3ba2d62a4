import { useEffect, useId, useRef, type ReactNode } from 'react'

interface ModalProps {
  readonly title: string
  readonly onClose: () => void
  readonly children: ReactNode
  readonly className?: string
  readonly testId?: string
}

/**
 * A modal dialog on the native <dialog>: the browser traps the focus inside, Esc closes it, the
 * page behind is inert, and the focus returns to where it was when it closes.
 */
export function Modal({ title, onClose, children, className, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const before = document.activeElement as HTMLElement | null
    dialog.showModal()
    return () => {
      dialog.close()
      before?.focus?.()
    }
  }, [])
  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onMouseDown={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onClose()
      }}
    >
      <div className="modal__box">
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  )
}
