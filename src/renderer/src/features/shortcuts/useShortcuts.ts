import { useEffect } from 'react'
import type { BoardApi } from '../../../../shared/ipc/contract'
import { useOverlayStore } from '../../store/overlayStore'
import { useSettingsStore } from '../../store/settingsStore'
import { takeJumpKey } from './boardCommands'
import { findShortcut } from './shortcutTable'

/**
 * Listens for the board's shortcuts on the window in the capture phase: before the focused
 * terminal sees the key, so a shortcut never also reaches the program in the pane.
 */
export function useShortcuts(api: BoardApi): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // The keystroke after Alt+0 belongs to the "go to pane" mode, not to the program.
      if (takeJumpKey(event)) {
        event.preventDefault()
        event.stopPropagation()
        return
      }
      const shortcut = findShortcut(event, useSettingsStore.getState().settings.shortcuts)
      if (!shortcut) return
      // While a modal is open only the shortcut sheet toggles; the board behind it stays put.
      const overlay = useOverlayStore.getState().overlay
      if (overlay && !(overlay.kind === 'shortcuts' && shortcut.id === 'help')) return
      event.preventDefault()
      event.stopPropagation()
      if (overlay) useOverlayStore.getState().close()
      else shortcut.run(api, event.code)
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [api])
}
