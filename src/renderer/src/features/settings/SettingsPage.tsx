import { useEffect, useState } from 'react'
import type { Settings } from '../../../../shared/domain/settings'
import { Modal } from '../../components/Modal'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { AgentSettings } from './AgentSettings'
import { AppearanceSettings } from './AppearanceSettings'
import { SessionSettings } from './SessionSettings'
import { LaunchSettings } from './LaunchSettings'
import { NotificationSettings } from './NotificationSettings'
import { hasShortcutConflict, ShortcutSettings } from './ShortcutSettings'
import { RulesFolder } from './RulesFolder'

/** The settings, edited as a draft and saved together (main validates and writes the file). */
export function SettingsPage() {
  const api = useBoardApi()
  const close = useOverlayStore((s) => s.close)
  const section = useOverlayStore((s) => (s.overlay?.kind === 'settings' ? s.overlay.section : undefined))
  const { settings, snapshot, save, loadAgents } = useSettingsStore()
  const [draft, setDraft] = useState<Settings>(settings)
  // The agents as the board has them now (a folder added or broken while this window had the focus);
  // the settings are not reloaded under the draft.
  useEffect(() => void loadAgents(api), [api, loadAgents])
  // Opened for one section (a missing agent's "Open Settings → Agents"): show it and focus its first field.
  // After the dialog's own showModal, which moves the focus to its first control.
  useEffect(() => {
    if (!section) return
    const el = document.getElementById(`settings-${section}`)
    el?.scrollIntoView({ block: 'start' })
    el?.querySelector<HTMLElement>('input, select, button')?.focus()
  }, [section])
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
        <LaunchSettings value={draft} onChange={({ presets, worktrees }) => setDraft({ ...draft, presets, worktrees })} />
        <RulesFolder path={snapshot?.rulesDir ?? '…'} />
        <SessionSettings value={draft.sessions} onChange={(sessions) => setDraft({ ...draft, sessions })} />
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
          <button
            type="submit"
            className="button button--primary"
            disabled={saving || !dirty || hasShortcutConflict(draft.shortcuts)}
            data-testid="settings-save"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
