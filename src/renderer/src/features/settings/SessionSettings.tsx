import { useId } from 'react'
import type { Settings } from '../../../../shared/domain/settings'

type Sessions = Settings['sessions']
const ON_QUIT = [
  { value: 'ask', label: 'Ask each time' },
  { value: 'keep', label: 'Keep agents running' },
  { value: 'end', label: 'End every pane' },
] as const

/** What survives the app: resuming interrupted panes on start, and what quitting the app does to the board. */
export function SessionSettings({ value, onChange }: { value: Sessions; onChange: (next: Sessions) => void }) {
  const ids = { resume: useId(), quit: useId() }
  return (
    <fieldset className="settings__section">
      <legend>Sessions</legend>
      <div className="field field--inline">
        <input
          id={ids.resume}
          type="checkbox"
          checked={value.resumeOnStart}
          data-testid="resume-on-start"
          onChange={(e) => onChange({ ...value, resumeOnStart: e.target.checked })}
        />
        <label htmlFor={ids.resume}>Resume interrupted panes on start</label>
        <span className="settings__help">
          After a crash or a reboot, agents resume their conversations and shells restart in their folder without a click. Other commands always wait for
          Resume.
        </span>
      </div>
      <div className="field field--inline">
        <span id={ids.quit} className="field__label">
          Quitting the app
        </span>
        <div className="segmented" role="radiogroup" aria-labelledby={ids.quit}>
          {ON_QUIT.map((q) => (
            <label key={q.value} className={`segmented__option${value.onQuit === q.value ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="on-quit"
                value={q.value}
                checked={value.onQuit === q.value}
                data-testid={`on-quit-${q.value}`}
                onChange={() => onChange({ ...value, onQuit: q.value })}
              />
              {q.label}
            </label>
          ))}
        </div>
        <span className="settings__help">
          The board runs on as a background process when the window closes; this is what Quit does to it. Ended panes come back interrupted on the next start.
        </span>
      </div>
    </fieldset>
  )
}
