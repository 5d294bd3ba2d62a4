import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@xterm/xterm/css/xterm.css'
import './styles/base.css'
import './styles/sidebar.css'
import './styles/pane.css'
import { App } from './features/board/App'
import { connectToBoard } from './ipc/api'
import { BoardApiContext } from './ipc/BoardApiContext'
import { connectStoreToIpc } from './store/ipcBridge'

const connection = connectToBoard()
connectStoreToIpc(connection)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <BoardApiContext.Provider value={connection.api}>
      <App />
    </BoardApiContext.Provider>
  </StrictMode>,
)
