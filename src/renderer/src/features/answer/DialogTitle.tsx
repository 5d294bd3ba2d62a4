import type { DialogSnapshot } from '../../../../shared/domain/answer'

/** The dialog's kind and title, for the answer box's head row. */
export function DialogTitle({ snapshot }: { snapshot: DialogSnapshot | null }) {
  if (!snapshot?.dialog) return <span className="dialog-answer__title dialog-answer--pending">Reading the dialog from the screen…</span>
  const { dialog } = snapshot
  return (
    <>
      <span className="dialog-answer__kind">{dialog.kind === 'permission' ? 'Permission' : 'Question'}</span>
      <span className="dialog-answer__title" data-testid="dialog-title" title={dialog.title}>
        {dialog.title || 'The agent waits for a choice'}
      </span>
    </>
  )
}
