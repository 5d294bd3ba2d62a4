import { useId, useState } from 'react'
import { looksSecret } from '../../../../shared/domain/secrets'
import { Icon } from '../../components/Icon'
import { envFrom, rowsFrom, type EnvRow } from './envRows'

interface EnvRowsProps {
  readonly value: Readonly<Record<string, string>>
  readonly onChange: (env: Record<string, string>) => void
  /** What is wrong with the rows as typed (null once they are fine): the owner may not save meanwhile. */
  readonly onError?: (error: string | null) => void
  /** Names the rows for assistive technology and test ids ("claude", "new-pane"). */
  readonly label: string
  readonly testId: string
}

/**
 * Environment variables as rows of name and value. A value whose name looks secret (an API key,
 * a token: the same names the workspace never saves) is a password field: it can be replaced,
 * never read back on screen.
 */
export function EnvRows({ value, onChange, onError, label, testId }: EnvRowsProps) {
  const id = useId()
  const [rows, setRows] = useState<EnvRow[]>(() => rowsFrom(value))
  const [error, setError] = useState<{ message: string; row: number } | null>(null)
  const update = (next: EnvRow[]) => {
    setRows(next)
    const parsed = envFrom(next)
    setError(parsed.ok ? null : { message: parsed.error, row: parsed.row })
    onError?.(parsed.ok ? null : parsed.error)
    if (parsed.ok) onChange(parsed.env)
  }
  const set = (i: number, patch: Partial<EnvRow>) => update(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <div className="env-rows" data-testid={testId} role="group" aria-label={`${label}: environment`}>
      {rows.map((row, i) => {
        const secret = looksSecret(row.name)
        return (
          <div className="env-rows__row" key={i} data-testid="env-row">
            <input
              className="input input--mono env-rows__name"
              aria-label={`${label}: variable ${i + 1} name`}
              aria-invalid={error?.row === i || undefined}
              placeholder="NAME"
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              data-testid="env-name"
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <span className="env-rows__eq" aria-hidden="true">
              =
            </span>
            <input
              className="input input--mono env-rows__value"
              type={secret ? 'password' : 'text'}
              aria-label={`${label}: ${row.name || `variable ${i + 1}`} value${secret ? ' (secret: hidden)' : ''}`}
              placeholder={secret ? 'secret: type to replace' : 'value'}
              value={row.value}
              spellCheck={false}
              autoComplete={secret ? 'new-password' : 'off'}
              data-testid="env-value"
              data-secret={secret || undefined}
              // A saved secret arrives masked (the board never sends it): typing replaces it whole, never appends to the mask.
              onFocus={(e) => secret && e.target.select()}
              onChange={(e) => set(i, { value: e.target.value })}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${row.name || `variable ${i + 1}`}`}
              data-testid="env-remove"
              onClick={() => update(rows.filter((_, j) => j !== i))}
            >
              <Icon name="close" size={12} />
            </button>
          </div>
        )
      })}
      <button
        type="button"
        className="button button--ghost button--small env-rows__add"
        data-testid="env-add"
        onClick={() => setRows([...rows, { name: '', value: '' }])}
      >
        <Icon name="plus" size={12} />
        Add variable
      </button>
      {error && (
        <span className="form-error" role="alert" id={`${id}-error`}>
          {error.message}
        </span>
      )}
    </div>
  )
}
