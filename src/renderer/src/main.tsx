import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@xterm/xterm/css/xterm.css'
import './styles/fonts.css'
import './styles/base.css'
import './styles/theme.css'
import './styles/sidebar.css'
import './styles/pane.css'
import './styles/layout.css'
import './styles/answer.css'
import './styles/overlays.css'
import './styles/changes.css'
import { App } from './features/board/App'
import { startAttentionIndicators } from './features/notify/attentionIndicators'
import { startNotifications } from './features/notify/notifyController'
import { webNotifier } from './features/notify/webNotifier'
import { persistLayout } from './features/sessions/layoutPersistence'
import { openFromNotification } from './features/shortcuts/boardCommands'
import { watchSelectionForHook } from './features/terminal/terminalRegistry'
import { connectToBoard } from './ipc/api'
import { BoardApiContext } from './ipc/BoardApiContext'
import { connectStoreToIpc } from './store/ipcBridge'
import { syncLayoutWithBoard } from './store/layoutStore'
import { useSettingsStore } from './store/settingsStore'

const connection = connectToBoard()
connectStoreToIpc(connection)
syncLayoutWithBoard()
persistLayout(connection.api)
watchSelectionForHook()
startAttentionIndicators()
startNotifications(connection.api, webNotifier, openFromNotification)
// Settings live in main; read them now and whenever the window comes back (edited elsewhere).
void useSettingsStore.getState().load(connection.api)
window.addEventListener('focus', () => void useSettingsStore.getState().load(connection.api))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <BoardApiContext.Provider value={connection.api}>
      <App />
    </BoardApiContext.Provider>
  </StrictMode>,
)
