import { useId } from 'react'
import type { PaneKind } from './launchRequest'

const KIND_LABEL: Record<PaneKind, string> = { shell: 'Shell', agent: 'Agent', command: 'Command' }

/** What the pane runs: the board's shell, an agent, or a command line. */
export function KindPicker({ kind, onKind }: { kind: PaneKind; onKind: (kind: PaneKind) => void }) {
  const id = useId()
  return (
    <div className="segmented" role="radiogroup" aria-labelledby={id}>
      <span id={id} className="visually-hidden">
        What to run
      </span>
      {(['shell', 'agent', 'command'] as const).map((k) => (
        <label key={k} className={`segmented__option${kind === k ? ' is-active' : ''}`}>
          <input
            type="radio"
            name="pane-kind"
            value={k}
            checked={kind === k}
            onChange={() => onKind(k)}
            data-testid={`new-pane-kind-${k}`}
            autoFocus={kind === k && k === 'shell'}
          />
          {KIND_LABEL[k]}
        </label>
      ))}
    </div>
  )
}
