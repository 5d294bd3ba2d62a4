import { lazy, Suspense } from 'react'
import { paneSelectors, useBoardStore } from '../../store/boardStore'
import { useOverlayStore } from '../../store/overlayStore'
import { WorktreeClose } from '../changes/WorktreeClose'
import { useBoardApi } from '../../ipc/BoardApiContext'
import { AnswerBox } from '../answer/AnswerBox'
import { PaneArea } from '../layout/PaneArea'
import { ConfirmClose } from '../panes/ConfirmClose'
import { SettingsPage } from '../settings/SettingsPage'
import { useTheme } from '../settings/useTheme'
import { ShortcutsSheet } from '../shortcuts/ShortcutsSheet'
import { useShortcuts } from '../shortcuts/useShortcuts'
import { Sidebar } from '../sidebar/Sidebar'
import { BoardBar } from './BoardBar'
import { ConnectionBanner } from './ConnectionBanner'
import { WorkspaceProblem } from '../sessions/WorkspaceProblem'

// The diff viewer (diff2html + highlight.js) loads when first opened, not with the board.
const ChangesView = lazy(() => import('../changes/ChangesView').then((m) => ({ default: m.ChangesView })))

/**
 * The board: the sidebar (needs-you, panes), the panes on screen (one or a grid), and the answer
 * box for the selected pane. Focus order follows the reading order: sidebar, layout bar, panes,
 * answer box.
 */
export function App() {
  const api = useBoardApi()
  const selected = useBoardStore(paneSelectors.selected)
  const stale = useBoardStore((s) => s.connection.kind === 'closed')
  const overlay = useOverlayStore((s) => s.overlay)
  useShortcuts(api)
  useTheme()

  return (
    <div className="app" data-testid="app">
      <ConnectionBanner />
      <WorkspaceProblem />
      <div className={`app__body${stale ? ' is-stale' : ''}`} aria-hidden={stale || undefined}>
        <Sidebar />
        <main className="main" aria-label="Panes on screen">
          <BoardBar />
          <PaneArea />
          {selected && <AnswerBox key={selected.id} pane={selected} />}
        </main>
      </div>
      {overlay?.kind === 'settings' && <SettingsPage />}
      {overlay?.kind === 'shortcuts' && <ShortcutsSheet />}
      {overlay?.kind === 'close' && <ConfirmClose paneId={overlay.paneId} />}
      {overlay?.kind === 'changes' && (
        <Suspense fallback={null}>
          <ChangesView paneId={overlay.paneId} />
        </Suspense>
      )}
      {overlay?.kind === 'close-worktree' && <WorktreeClose paneId={overlay.paneId} />}
    </div>
  )
}
