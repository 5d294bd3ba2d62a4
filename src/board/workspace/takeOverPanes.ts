import type { PaneId } from '../../shared/domain/pane'
import type { Board } from '../panes/board'
import { decodeHandover } from '../panes/paneHandover'
import { planTakeover } from '../panes/takeover'
import type { HeldPtyInfo } from '../ptyHostProtocol/protocol'
import type { PanePty } from '../pty/panePty'
import type { Logger } from '../util/log'
import type { WorkspaceStore } from './workspaceStore'

/** What takes panes over needs of the pty host's connection (PtyHostClient). */
export interface HeldPanes {
  readonly ptys: readonly HeldPtyInfo[]
  attach(held: HeldPtyInfo, from: number): PanePty
  discard(held: HeldPtyInfo): Promise<void>
}

/**
 * The panes of the previous board process that the pty host still runs, by pane id, each with
 * what is needed to take it over; terminals whose record this board cannot read are ended.
 */
export function heldPanes(host: HeldPanes, log: Logger): Map<PaneId, { held: HeldPtyInfo; handover: NonNullable<ReturnType<typeof decodeHandover>> }> {
  const out = new Map<PaneId, { held: HeldPtyInfo; handover: NonNullable<ReturnType<typeof decodeHandover>> }>()
  for (const held of host.ptys) {
    const handover = decodeHandover(held.handover)
    if (!handover || out.has(handover.paneId)) {
      log.error('the pty host holds a terminal this board cannot take over (its record is unreadable); ending it', { pid: held.pid })
      void host.discard(held)
      continue
    }
    out.set(handover.paneId, { held, handover })
  }
  return out
}

/**
 * Takes one held pane over: its saved screen and the host's output since that screen's offset
 * (planTakeover), and what only its reports told the last board (session id, version).
 */
/** How long a board waits for a pane's replay before it answers its clients anyway. */
export const CATCH_UP_MS = 3_000

/** Resolves once the pane's mirror shows its replay (see Pane.caughtUp). */
export function takeOverPane(
  board: Board,
  workspace: WorkspaceStore,
  host: HeldPanes,
  entry: { held: HeldPtyInfo; handover: NonNullable<ReturnType<typeof decodeHandover>> },
  log: Logger,
): Promise<void> {
  const { held, handover } = entry
  const id = handover.paneId
  const row = workspace.savedPane(id)
  const cols = row?.cols ?? handover.spec.cols
  const rows = row?.rows ?? handover.spec.rows
  const plan = planTakeover(held, workspace.savedScreen(id), handover.argv, rows)
  const pty = host.attach(held, plan.from)
  board.adopt({
    handover,
    pty,
    seed: plan.seed,
    answeredUntil: plan.answeredUntil,
    cols,
    rows,
    facts: { sessionId: row?.sessionId ?? null, agentVersion: row?.agentVersion ?? null },
  })
  const fields = { pane: id, pid: held.pid, how: plan.how, replayBytes: Math.max(0, held.end - plan.from), exited: held.exit !== null }
  if (plan.lost) {
    log.warn(
      'pane taken over, but output was lost while the board restarted (more than the pty host keeps since the last saved screen); asked the program to redraw',
      { ...fields, lostBytes: plan.lost },
    )
    board.get(id).askRedraw()
  } else log.info('pane taken over', fields)
  return board.get(id).caughtUp(held.end, CATCH_UP_MS)
}
