import { useState } from 'react'
import { useBoardStore } from '../../store/boardStore'

/** Says when the saved workspace could not be used (it was set aside and a fresh one started). */
export function WorkspaceProblem() {
  const problem = useBoardStore((s) => s.board?.workspace?.problem ?? null)
  const [dismissed, setDismissed] = useState(false)
  if (!problem || dismissed) return null
  return (
    <div className="banner banner--error" role="alert" data-testid="workspace-problem">
      <span className="banner__text">{problem}</span>
      <button type="button" className="button button--small" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  )
}
