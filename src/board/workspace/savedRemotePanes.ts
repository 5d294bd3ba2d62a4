/**
 * The panes of other machines on this board, as the workspace keeps them (one JSON value in its
 * `workspace` table): where each runs and under which id there, so a board started again — after
 * `daemon --restart`, a crash, a reboot of this machine — finds them there again. Their last info
 * is kept to show them (command, title, host) while the link comes up.
 */
import type { PaneId, PaneInfo } from '../../shared/domain/pane'

export interface SavedRemotePane {
  /** This board's id of the pane. */
  readonly id: PaneId
  /** The ssh destination it runs on. */
  readonly host: string
  /** Its id on the board there. */
  readonly remoteId: PaneId
  readonly info: PaneInfo
}

const isId = (v: unknown): v is string => typeof v === 'string' && /^\d{1,15}$/.test(v)

/**
 * Reads the saved value; an entry that does not hold what is needed is left out (with the reason
 * in `skipped`), so one bad entry does not lose the others. A value that is no JSON list is none.
 */
export function parseSavedRemotePanes(raw: string | null): { panes: SavedRemotePane[]; skipped: string[] } {
  if (raw === null) return { panes: [], skipped: [] }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { panes: [], skipped: ['the saved remote panes are not JSON'] }
  }
  if (!Array.isArray(value)) return { panes: [], skipped: ['the saved remote panes are not a list'] }
  const panes: SavedRemotePane[] = []
  const skipped: string[] = []
  const seen = new Set<PaneId>()
  for (const [i, e] of value.entries()) {
    const o = (e ?? {}) as Record<string, unknown>
    const info = o.info as Partial<PaneInfo> | undefined
    if (!isId(o.id) || !isId(o.remoteId) || typeof o.host !== 'string' || !o.host || typeof info !== 'object' || !info || !Array.isArray(info.command)) {
      skipped.push(`entry ${i + 1}: needs id, host, remoteId and info`)
    } else if (seen.has(o.id)) {
      skipped.push(`entry ${i + 1}: pane ${o.id} twice`)
    } else {
      seen.add(o.id)
      panes.push({ id: o.id, host: o.host, remoteId: o.remoteId, info: info as PaneInfo })
    }
  }
  return { panes, skipped }
}

export function serializeRemotePanes(panes: readonly SavedRemotePane[]): string {
  return JSON.stringify(panes.map(({ id, host, remoteId, info }) => ({ id, host, remoteId, info })))
}
