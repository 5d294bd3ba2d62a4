import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

interface MenuProps {
  /** The button's accessible name and tooltip. */
  readonly label: string
  readonly icon: ReactNode
  readonly testId: string
  /** The menu's content; call `close` after an action. */
  readonly children: (close: () => void) => ReactNode
}

const ITEMS = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]'

/**
 * A button that opens a menu under it: ↑/↓ move between its items, Esc (or a click outside)
 * closes it and the focus returns to the button, Tab leaves it.
 */
export function Menu({ label, icon, testId, children }: MenuProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLElement>(ITEMS)?.focus()
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown, true)
    return () => document.removeEventListener('mousedown', onDown, true)
  }, [open])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])]
    const at = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]
      next?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus()
    } else if (event.key === 'Tab') close(false)
  }

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="icon-button menu__button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid={testId}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </button>
      {open && (
        <div ref={menu} id={id} className="menu__popup" role="menu" aria-label={label} data-testid={`${testId}-popup`} onKeyDown={onKeyDown}>
          {children(() => close())}
        </div>
      )}
    </div>
  )
}
