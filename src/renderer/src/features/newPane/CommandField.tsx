import { useId, type RefObject } from 'react'

/** A command line split into argv — not a shell, and it says so. */
export function CommandField({
  value,
  onChange,
  inputRef,
  errorId,
}: {
  value: string
  onChange: (value: string) => void
  inputRef: RefObject<HTMLInputElement | null>
  errorId: string | null
}) {
  const ids = { command: useId(), hint: useId() }
  return (
    <div className="field">
      <label htmlFor={ids.command}>Command</label>
      <input
        id={ids.command}
        ref={inputRef}
        className="input input--mono"
        data-testid="new-pane-command"
        placeholder="npm test -- --watch"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        aria-describedby={errorId ? `${ids.hint} ${errorId}` : ids.hint}
      />
      <span id={ids.hint} className="field__note" data-testid="new-pane-command-hint">
        Not a shell: runs the program directly with these words as its arguments (quotes group words). No pipes, <code>$VARS</code>, <code>~</code> or globs —
        pick Shell for those.
      </span>
    </div>
  )
}
