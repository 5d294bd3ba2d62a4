import { Modal } from '../../components/Modal'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { keysLabel, SHORTCUTS } from './shortcutTable'

/** Every keyboard shortcut, one line each (Alt+/ opens and closes it). */
export function ShortcutsSheet() {
  const close = useOverlayStore((s) => s.close)
  const config = useSettingsStore((s) => s.settings.shortcuts)
  return (
    <Modal title="Keyboard shortcuts" onClose={close} testId="shortcuts-sheet" className="modal--narrow">
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id} data-shortcut={s.id}>
              <td className="shortcuts__keys">
                {keysLabel(s, config)
                  .split(' ')
                  .map((k, i) => (
                    <kbd key={i}>{k}</kbd>
                  ))}
              </td>
              <td>{s.description}</td>
            </tr>
          ))}
          <tr>
            <td className="shortcuts__keys">
              <kbd>Enter</kbd>
            </td>
            <td>In the answer box: send the text, then Enter on its own (Shift+Enter adds a line)</td>
          </tr>
          <tr>
            <td className="shortcuts__keys">
              <kbd>Esc</kbd>
            </td>
            <td>Close this sheet or a dialog; in the answer box, back to the terminal; on a dialog’s options (Alt+A), Deny</td>
          </tr>
        </tbody>
      </table>
      <p className="modal__note">
        Every other key goes to the program in the pane; the board only takes {config.prefix} combinations. Change the prefix and each command's key in Settings
        → Shortcuts.
      </p>
    </Modal>
  )
}
