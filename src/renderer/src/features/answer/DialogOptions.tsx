import type { KeyboardEvent } from 'react'
import type { DialogInfo } from '../../../../shared/domain/pane'

interface DialogOptionsProps {
  readonly dialog: DialogInfo
  readonly freeTextKey: string | null
  readonly busy: boolean
  readonly onChoose: (key: string, label: string) => void
  /** Esc while the options have the focus: Deny, as its keycap says (absent: the board cannot deny it). */
  readonly onDeny: (() => void) | null
}

/**
 * The dialog's own options as buttons, wrapped onto rows. While they have the focus a digit
 * chooses that option and Esc denies, as in the agent's own dialog.
 */
export function DialogOptions({ dialog, freeTextKey, busy, onChoose, onDeny }: DialogOptionsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || busy) return
    if (event.key === 'Escape' && onDeny) {
      event.preventDefault()
      onDeny()
      return
    }
    const option = dialog.options.find((o) => o.key === event.key)
    if (option) {
      event.preventDefault()
      onChoose(option.key, option.label)
    }
  }
  return (
    <div className="dialog-answer__options" role="group" aria-label="The dialog's options (press a number to choose, Esc to deny)" onKeyDown={onKeyDown}>
      {dialog.options.map((o) => (
        <button
          key={o.key}
          type="button"
          className={`button option-button${o.key === freeTextKey ? ' option-button--free' : ''}`}
          disabled={busy}
          data-testid="dialog-option"
          data-key={o.key}
          onClick={() => onChoose(o.key, o.label)}
          aria-label={`Option ${o.key}: ${o.label}${o.key === freeTextKey ? ' (type your answer)' : ''}`}
          aria-keyshortcuts={o.key}
          title={o.label}
        >
          <kbd>{o.key}</kbd>
          <span className="option-button__label">{o.label}</span>
        </button>
      ))}
    </div>
  )
}
