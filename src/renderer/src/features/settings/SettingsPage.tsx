import { useState } from 'react'
import type { Settings } from '../../../../shared/domain/settings'
import { Modal } from '../../components/Modal'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { AgentSettings } from './AgentSettings'
import { AppearanceSettings } from './AppearanceSettings'
import { NotificationSettings } from './NotificationSettings'
import { ShortcutSettings } from './ShortcutSettings'
import { RulesFolder } from './RulesFolder'

/** The settings, edited as a draft and saved together (main validates and writes the file). */
export function SettingsPage() {
  const api = useBoardApi()
  const close = useOverlayStore((s) => s.close)
  const { settings, snapshot, save } = useSettingsStore()
  const [draft, setDraft] = useState<Settings>(settings)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const dirty = JSON.stringify(draft) !== JSON.stringify(settings)

  async function onSave() {
    setSaving(true)
    setError(null)
    try {
      await save(api, draft)
      close()
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal title="Settings" onClose={close} testId="settings-page" className="modal--wide">
      <form
        className="settings"
        onSubmit={(e) => {
          e.preventDefault()
          void onSave()
        }}
      >
        {snapshot?.error && (
          <p className="banner banner--warning settings__file-error" role="alert" data-testid="settings-file-error">
            {snapshot.error}
          </p>
        )}
        <NotificationSettings value={draft.notifications} onChange={(notifications) => setDraft({ ...draft, notifications })} />
        <AgentSettings value={draft.agents} onChange={(agents) => setDraft({ ...draft, agents })} />
        <RulesFolder path={snapshot?.rulesDir ?? '…'} />
        <AppearanceSettings value={draft.appearance} onChange={(appearance) => setDraft({ ...draft, appearance })} />
        <ShortcutSettings value={draft.shortcuts} onChange={(shortcuts) => setDraft({ ...draft, shortcuts })} />
        {error && (
          <p className="form-error" role="alert">
            Could not save: {error}
          </p>
        )}
        <div className="modal__actions">
          {snapshot && <span className="settings__path">Saved in {snapshot.path}</span>}
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving || !dirty} data-testid="settings-save">
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
