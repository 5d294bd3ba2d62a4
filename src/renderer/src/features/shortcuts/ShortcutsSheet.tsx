import { Modal } from '../../components/Modal'
import { useOverlayStore } from '../../store/overlayStore'
import { SHORTCUTS } from './shortcutTable'

/** Every keyboard shortcut, one line each (Alt+/ opens and closes it). */
export function ShortcutsSheet() {
  const close = useOverlayStore((s) => s.close)
  return (
    <Modal title="Keyboard shortcuts" onClose={close} testId="shortcuts-sheet" className="modal--narrow">
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td className="shortcuts__keys">
                {s.keys.split(' ').map((k, i) => (
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
            <td>Close this sheet or a dialog; in the answer box, back to the terminal</td>
          </tr>
        </tbody>
      </table>
      <p className="modal__note">Ctrl and Ctrl+Shift keys all go to the program in the pane; the board only takes Alt combinations.</p>
    </Modal>
  )
}
