import { useState } from 'react'
import type { DialogSnapshot } from '../../../../shared/domain/answer'
import { withFullLabels } from '../../../../core/answer/optionLabels'
import { DenyButton } from './DenyButton'
import { DialogFreeText } from './DialogFreeText'
import { DialogOptions } from './DialogOptions'

export { DialogTitle } from './DialogTitle'

interface DialogAnswerProps {
  readonly snapshot: DialogSnapshot | null
  readonly busy: boolean
  readonly onOption: (key: string, label: string) => void
  readonly onDeny: () => void
  /** Sends the text for the dialog's free-text option; resolves true when it was sent. */
  readonly onFreeText: (key: string, text: string) => Promise<boolean>
  readonly onShowTerminal: () => void
}

/**
 * The open dialog answered from the box: its options (DialogOptions), Deny, and the free-text
 * option's field, bound to the dialog instance it was opened for (its fingerprint). Where the
 * board does not know the keys of this agent's dialog it says so and points to the terminal.
 */
export function DialogAnswer({ snapshot, busy, onOption, onDeny, onFreeText, onShowTerminal }: DialogAnswerProps) {
  const [freeTextFor, setFreeTextFor] = useState<string | null>(null)
  const fingerprint = snapshot?.fingerprint ?? null
  if (!snapshot?.dialog) return <div className="dialog-answer dialog-answer--pending" data-testid="dialog-answer" />
  // Full labels where a narrow pane wrapped an option off its row (the agent's own wording).
  const dialog = withFullLabels(snapshot.dialog, snapshot.optionLabels)
  const deny = snapshot.denyAnswerable && <DenyButton busy={busy} onDeny={onDeny} />
  if (!snapshot.optionsAnswerable) {
    return (
      <div className="dialog-answer dialog-answer__unsupported" data-testid="dialog-answer">
        <span>Switchboard does not know which keys answer {snapshot.agent ?? 'this program'}’s dialog; answer it in the terminal.</span>
        <button type="button" className="button button--small" onClick={onShowTerminal}>
          Go to the terminal
        </button>
        {deny}
      </div>
    )
  }
  // Another dialog (or none) closes the field.
  const freeTextKey = snapshot.freeTextKey
  if (freeTextKey && fingerprint && freeTextFor === fingerprint) {
    return (
      <div className="dialog-answer dialog-answer--free-text" data-testid="dialog-answer" data-fingerprint={fingerprint}>
        <DialogFreeText title={dialog.title} busy={busy} onSend={(text) => onFreeText(freeTextKey, text)} onBack={() => setFreeTextFor(null)} deny={deny} />
      </div>
    )
  }
  const choose = (key: string, label: string) => {
    if (key === freeTextKey && fingerprint) setFreeTextFor(fingerprint)
    else onOption(key, label)
  }
  return (
    <div className="dialog-answer" data-testid="dialog-answer" data-fingerprint={fingerprint ?? undefined}>
      <DialogOptions dialog={dialog} freeTextKey={freeTextKey} busy={busy} onChoose={choose} onDeny={snapshot.denyAnswerable ? onDeny : null} />
      {deny}
    </div>
  )
}
