import type { Settings } from '../../../../shared/domain/settings'
import { capturable, codeLabel, codesOf, PROGRAM_ALT_KEYS, type Shortcut } from '../shortcuts/shortcutTable'

type Shortcuts = Settings['shortcuts']

interface ShortcutKeyRowProps {
  readonly shortcut: Shortcut
  readonly config: Shortcuts
  /** Other commands on the same key, if any. */
  readonly clash: readonly Shortcut[] | undefined
  readonly listening: boolean
  readonly onListen: (listening: boolean) => void
  /** A key pressed while listening (a code `capturable` accepts). */
  readonly onKey: (code: string) => void
  readonly onReset: () => void
  readonly noteId: string
}

/**
 * One command and its key: press the button, then the key (Esc cancels, Tab moves on). Says when
 * another command has the key too, or when the programs in panes use it with Alt.
 */
export function ShortcutKeyRow({ shortcut: s, config, clash, listening, onListen, onKey, onReset, noteId }: ShortcutKeyRowProps) {
  const code = codesOf(s, config)[0]!
  const programUse = config.prefix === 'Alt' || config.prefix === 'Alt+Shift' ? PROGRAM_ALT_KEYS[code] : undefined
  return (
    <tr data-shortcut={s.id} className={clash ? 'is-conflict' : undefined}>
      <td>
        {s.description}
        {clash && (
          <span className="shortcut-keys__note form-error" id={noteId} role="alert" data-testid="shortcut-conflict">
            {codeLabel(code)} is also: {clash.map((o) => o.description).join('; ')}. Give one of them another key.
          </span>
        )}
        {!clash && programUse && (
          <span className="shortcut-keys__note settings__help" id={noteId} data-testid="shortcut-program-key">
            {config.prefix} {codeLabel(code)} is {programUse} in bash and the agents&apos; prompts: the board takes it from them.
          </span>
        )}
      </td>
      <td>
        <button
          type="button"
          className={`button button--small shortcut-keys__key${listening ? ' is-listening' : ''}`}
          data-testid={`shortcut-key-${s.id}`}
          aria-label={`${s.description}: ${config.prefix} ${codeLabel(code)}. Press to change`}
          aria-describedby={clash || programUse ? noteId : undefined}
          aria-pressed={listening}
          onClick={() => onListen(!listening)}
          onBlur={() => listening && onListen(false)}
          onKeyDown={(e) => {
            if (!listening) return
            if (e.code === 'Tab') return onListen(false)
            e.preventDefault()
            e.stopPropagation()
            if (e.code === 'Escape') return onListen(false)
            if (!capturable(e.code)) return
            onKey(e.code)
            onListen(false)
          }}
        >
          {listening ? 'Press a key…' : `${config.prefix.replace(/\+/g, ' ')} ${codeLabel(code)}`}
        </button>
      </td>
      <td>
        {config.keys[s.id] && (
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid={`shortcut-reset-${s.id}`}
            aria-label={`Reset ${s.description} to ${s.keys}`}
            onClick={onReset}
          >
            Reset
          </button>
        )}
      </td>
    </tr>
  )
}
