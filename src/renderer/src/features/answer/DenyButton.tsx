/** Declines the dialog the way its own Esc does; never scrolls out of sight beside the options. */
export function DenyButton({ busy, onDeny }: { busy: boolean; onDeny: () => void }) {
  return (
    <button
      type="button"
      className="button option-button option-button--deny"
      disabled={busy}
      data-testid="dialog-deny"
      onClick={onDeny}
      aria-keyshortcuts="Escape"
      title="Decline the dialog (Esc)"
    >
      <kbd>Esc</kbd>
      <span className="option-button__label">Deny</span>
    </button>
  )
}
