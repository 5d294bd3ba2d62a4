import type { DialogSnapshot } from '../../../../shared/domain/answer'

interface DialogAnswerProps {
  readonly snapshot: DialogSnapshot | null
  readonly busy: boolean
  readonly onOption: (key: string, label: string) => void
  readonly onDeny: () => void
  readonly onShowTerminal: () => void
}

/**
 * The open dialog's own options as buttons (from the status engine's dialog structure, read
 * fresh), plus deny (Esc). Where the board does not know the keys of this agent's dialog it
 * says so and points to the terminal instead of guessing.
 */
export function DialogAnswer({ snapshot, busy, onOption, onDeny, onShowTerminal }: DialogAnswerProps) {
  if (!snapshot?.dialog) {
    return (
      <div className="dialog-answer dialog-answer--pending" data-testid="dialog-answer">
        <span className="dialog-answer__title">Reading the dialog from the screen…</span>
      </div>
    )
  }
  const { dialog } = snapshot
  return (
    <div className="dialog-answer" data-testid="dialog-answer" data-fingerprint={snapshot.fingerprint ?? undefined}>
      <span className="dialog-answer__kind">{dialog.kind === 'permission' ? 'Permission' : 'Question'}</span>
      <span className="dialog-answer__title" data-testid="dialog-title" title={dialog.title}>
        {dialog.title || 'The agent waits for a choice'}
      </span>
      {snapshot.optionsAnswerable ? (
        <div className="dialog-answer__options" role="group" aria-label="The dialog's options">
          {dialog.options.map((o) => (
            <button
              key={o.key}
              type="button"
              className="button option-button"
              disabled={busy}
              data-testid="dialog-option"
              data-key={o.key}
              onClick={() => onOption(o.key, o.label)}
              aria-label={`Option ${o.key}: ${o.label}`}
              title={o.label}
            >
              <kbd>{o.key}</kbd>
              <span className="option-button__label">{o.label}</span>
            </button>
          ))}
          {snapshot.denyAnswerable && (
            <button type="button" className="button option-button option-button--deny" disabled={busy} data-testid="dialog-deny" onClick={onDeny}>
              <kbd>Esc</kbd>
              <span className="option-button__label">Deny</span>
            </button>
          )}
        </div>
      ) : (
        <div className="dialog-answer__unsupported">
          <span>Switchboard does not know which keys answer {snapshot.agent ?? 'this program'}’s dialog; answer it in the terminal.</span>
          <button type="button" className="button button--small" onClick={onShowTerminal}>
            Go to the terminal
          </button>
          {snapshot.denyAnswerable && (
            <button type="button" className="button button--small" disabled={busy} data-testid="dialog-deny" onClick={onDeny}>
              Deny (Esc)
            </button>
          )}
        </div>
      )}
    </div>
  )
}
