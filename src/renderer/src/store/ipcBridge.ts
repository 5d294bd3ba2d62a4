import type { BoardConnection } from '../ipc/api'
import { useBoardStore } from './boardStore'
import { protocolMismatch } from '../../../shared/ipc/protocol'

/**
 * Subscribes the store to the board's events, once, outside React, and loads the pane list.
 * Events are subscribed before the list is asked for; over one ordered connection the list
 * reply is newer than any event that arrived before it, so it simply replaces the state.
 * Returns a disposer.
 */
export function connectStoreToIpc(connection: BoardConnection): () => void {
  const { api } = connection
  const store = useBoardStore.getState()
  const disposers = [
    connection.onStatus((status) => store.setConnection(status)),
    api.on('pane:changed', (info) => store.dispatch({ type: 'changed', info })),
    api.on('pane:removed', ({ paneId }) => store.dispatch({ type: 'removed', paneId })),
    api.on('pane:state', (change) => store.dispatch({ type: 'state', change })),
    api.on('board:order', ({ order }) => store.dispatch({ type: 'order', order })),
  ]
  api.invoke('board:info').then(
    (info) => {
      store.setBoard(info)
      // This page was built for one protocol; a board of another (rebuilt while it ran) would
      // misread it. Say what to do instead of failing in odd places.
      const mismatch = protocolMismatch(info, 'this page')
      if (mismatch) store.setConnection({ kind: 'closed', reason: `${mismatch}, then reload this page.` })
    },
    () => undefined,
  )
  api.invoke('pane:list').then(
    (list) => {
      store.dispatch({ type: 'loaded', list })
      store.setLoaded()
    },
    // Swallow: a failed list means the connection is gone, and the banner already says so.
    () => undefined,
  )
  return () => disposers.forEach((d) => d())
}
