import { NOTIFY_MODES, type NotifyMode } from '../../../../shared/domain/attention'
import type { PaneInfo } from '../../../../shared/domain/pane'
import { Icon } from '../../components/Icon'
import { Menu } from '../../components/Menu'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { useAttentionStore } from '../../store/attentionStore'
import { closeLabel, closePane } from '../panes/paneActions'
import { restartPane } from '../sessions/sessionActions'
import { MODE_LABELS } from '../notify/modeLabels'
import type { MetaItem } from './paneMeta'

/**
 * The header's menu: the facts the row had no room for (all of them, whole), the pane's
 * notification mode (its own, or its agent's from the settings), and the pane's actions.
 */
export function PaneMenu({ pane, meta, shown, onChanges }: { pane: PaneInfo; meta: readonly MetaItem[]; shown: number; onChanges: () => void }) {
  const api = useBoardApi()
  const own = useAttentionStore((s) => s.ownModes[pane.id])
  const effective = useAttentionStore((s) => s.modes[pane.id] ?? 'all')
  const setMode = (mode: NotifyMode | null) =>
    void api.invoke('pane:notify-mode', pane.id, mode).then(
      (snapshot) => useAttentionStore.getState().setSnapshot(snapshot),
      () => undefined,
    )
  const folded = meta.slice(shown)
  return (
    <Menu label={`More about pane ${pane.id}${folded.length ? ` (${folded.length} more facts)` : ''}`} icon={<Icon name="menu" size={16} />} testId="pane-menu">
      {(close) => (
        <>
          {folded.length > 0 && (
            <div className="menu__section" data-testid="pane-menu-details">
              {folded.map((m) => (
                <div key={m.key} className="menu__fact" data-key={m.key}>
                  {m.text}
                </div>
              ))}
            </div>
          )}
          <div className="menu__section" role="group" aria-label="Notifications for this pane">
            <div className="menu__heading">Notifications</div>
            {NOTIFY_MODES.map((mode) => (
              <button
                key={mode}
                type="button"
                role="menuitemradio"
                aria-checked={own === mode}
                className="menu__item"
                data-testid={`notify-mode-${mode}`}
                onClick={() => {
                  setMode(mode)
                  close()
                }}
              >
                <span className="menu__check">{own === mode ? '✓' : ''}</span>
                {MODE_LABELS[mode]}
              </button>
            ))}
            <button
              type="button"
              role="menuitemradio"
              aria-checked={own === undefined}
              className="menu__item"
              data-testid="notify-mode-agent"
              onClick={() => {
                setMode(null)
                close()
              }}
            >
              <span className="menu__check">{own === undefined ? '✓' : ''}</span>
              As its agent ({MODE_LABELS[own === undefined ? effective : 'all'].toLowerCase()})
            </button>
          </div>
          <div className="menu__section">
            {pane.changes && (
              <button
                type="button"
                role="menuitem"
                className="menu__item"
                onClick={() => {
                  close()
                  onChanges()
                }}
              >
                <span className="menu__check" />
                Show the changes
              </button>
            )}
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              data-testid="pane-menu-restart"
              onClick={() => {
                close()
                void restartPane(api, pane).catch(() => undefined)
              }}
            >
              <span className="menu__check" />
              Restart
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu__item menu__item--danger"
              data-testid="pane-menu-close"
              onClick={() => {
                close()
                void closePane(api, pane).catch(() => undefined)
              }}
            >
              <span className="menu__check" />
              {closeLabel(pane)}
            </button>
          </div>
        </>
      )}
    </Menu>
  )
}
