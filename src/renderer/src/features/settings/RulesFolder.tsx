import { useState } from 'react'
import { Icon } from '../../components/Icon'
import { useBoardApi } from '../../ipc/BoardApiContext'

/**
 * Where the user's screen-rule overrides go, and a way to get there: opened in the file manager
 * where the host can (Electron), else the path to copy (browser mode: the board may be remote).
 */
export function RulesFolder({ path }: { path: string }) {
  const api = useBoardApi()
  const [note, setNote] = useState<string | null>(null)
  return (
    <fieldset className="settings__section">
      <legend>Screen rules</legend>
      <p className="settings__help">
        A rule file here (<code>claude.toml</code>, …) overrides or adds to the shipped rules for that agent, and is picked up when it changes.
      </p>
      <div className="rules-folder">
        <code className="rules-folder__path" data-testid="rules-dir">
          {path}
        </code>
        <button
          type="button"
          className="button button--small"
          data-testid="open-rules-folder"
          onClick={() =>
            void api.invoke('settings:open-rules-folder').then(
              (r) =>
                setNote(
                  r.opened
                    ? 'Opened in the file manager.'
                    : 'The folder exists now. This host cannot open folders for you (browser mode): open the path above yourself.',
                ),
              (err: unknown) => setNote(err instanceof Error ? err.message : String(err)),
            )
          }
        >
          <Icon name="folder" size={14} />
          Open folder
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() =>
            void navigator.clipboard?.writeText(path).then(
              () => setNote('Path copied.'),
              () => undefined,
            )
          }
        >
          Copy path
        </button>
      </div>
      {note && (
        <p className="settings__note" role="status">
          {note}
        </p>
      )}
    </fieldset>
  )
}
