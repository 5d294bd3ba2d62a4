import { describe, expect, it } from 'vitest'
import type { PaneInfo } from '../../shared/domain/pane'
import { parseSavedRemotePanes, serializeRemotePanes, type SavedRemotePane } from './savedRemotePanes'

const info = { id: '4', command: ['bash'], title: 'bash', cwd: '/home/u' } as unknown as PaneInfo

describe('the remote panes the workspace keeps', () => {
  it('reads back what it saved', () => {
    const panes: SavedRemotePane[] = [
      { id: '2', host: 'dev-box', remoteId: '4', info },
      { id: '5', host: 'me@other', remoteId: '1', info: { ...info, id: '1' } },
    ]
    expect(parseSavedRemotePanes(serializeRemotePanes(panes))).toEqual({ panes, skipped: [] })
  })

  it('has none when nothing was saved, and skips what does not hold a pane, keeping the rest', () => {
    expect(parseSavedRemotePanes(null)).toEqual({ panes: [], skipped: [] })
    expect(parseSavedRemotePanes('{').skipped).toEqual(['the saved remote panes are not JSON'])
    expect(parseSavedRemotePanes('{"id":"1"}').skipped).toEqual(['the saved remote panes are not a list'])
    const r = parseSavedRemotePanes(
      JSON.stringify([
        { id: '2', host: 'dev-box', remoteId: '4', info },
        { id: '3', host: '', remoteId: '4', info },
        { id: 'x', host: 'h', remoteId: '4', info },
        { id: '6', host: 'h', remoteId: '4' },
        null,
        { id: '2', host: 'h', remoteId: '9', info },
      ]),
    )
    expect(r.panes.map((p) => p.id)).toEqual(['2'])
    expect(r.skipped).toEqual([
      'entry 2: needs id, host, remoteId and info',
      'entry 3: needs id, host, remoteId and info',
      'entry 4: needs id, host, remoteId and info',
      'entry 5: needs id, host, remoteId and info',
      'entry 6: pane 2 twice',
    ])
  })
})
