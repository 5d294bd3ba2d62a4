import { render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PaneChangesDetail } from '../../../../shared/domain/pane'
import { useBoardStore } from '../../store/boardStore'
import { fakeApi, pane } from '../../test/fakeApi'
import { ChangesBar } from './ChangesBar'
import { ChangesView } from './ChangesView'

const detail: PaneChangesDetail = {
  paneId: '3',
  cwd: '/src/app',
  since: '0123456789abcdef',
  files: [{ path: 'a.ts', status: 'modified', added: 3, removed: 1 }],
  diff: 'diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1,3 @@\n-old\n+new\n+more\n+again\n',
  truncatedAt: null,
  omitted: [],
}

beforeEach(() => {
  // The native <dialog>'s modal methods, which happy-dom leaves out.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
  useBoardStore.setState({
    panes: { '3': pane({ worktree: { repo: '/src/app', path: '/w', branch: 'agent/x', base: 'main', baseCommit: 'abc' } }) },
    order: ['3'],
    selectedId: '3',
  })
})

describe('ChangesView', () => {
  it("says what changed since the pane's start commit, on its branch, with the diff drawn inside the view's inset", async () => {
    const { wrap } = fakeApi({ 'pane:changes': () => detail })
    render(<ChangesView paneId="3" />, { wrapper: wrap })
    // The diff is read at the moment the summary first shows: it is drawn in the same commit,
    // never a frame later (CI beside two CPU loops once saw the summary with an empty diff).
    let diffWithSummary = ''
    await waitFor(() => {
      expect(screen.getByTestId('changes-summary').textContent).toBe('1 file changed, +3 −1 since 01234567 on agent/x (from main)')
      diffWithSummary = screen.getByTestId('changes-diff').textContent ?? ''
    })
    // The body keeps the modal's inset (its summary touched the left edge: issue 22).
    expect(screen.getByTestId('changes-summary').closest('.changes')).not.toBeNull()
    expect(diffWithSummary).toContain('a.ts')
  })

  it('says why it cannot show the changes', async () => {
    const { wrap } = fakeApi({ 'pane:changes': () => Promise.reject(new Error('/src/app is not in a git repository')) })
    render(<ChangesView paneId="3" />, { wrapper: wrap })
    await waitFor(() => expect(screen.getByTestId('changes-error').textContent).toBe('/src/app is not in a git repository'))
  })
})

describe('ChangesBar', () => {
  it('reads the changes while none are in yet', () => {
    render(<ChangesBar pane={pane()} detail={null} failed={false} layout="line-by-line" onLayout={() => undefined} onRefresh={() => undefined} />)
    expect(screen.getByTestId('changes-summary').textContent).toBe('Reading the changes…')
  })
})
