import type { PaneInfo } from '../../../../shared/domain/pane'
import type { BoardApi } from '../../../../shared/ipc/contract'
import { formatArgv } from '../../lib/format'

/** What the Resume button runs, in words for its tooltip. */
export function resumeLabel(pane: PaneInfo): string {
  if (!pane.interrupted) return `Resume pane ${pane.id}`
  return pane.interrupted.resume.kind === 'session'
    ? `Resume the ${pane.agent ?? 'agent'} session: ${formatArgv(pane.interrupted.command)}`
    : `Run it again: ${formatArgv(pane.interrupted.command)}`
}

export function resumePane(api: BoardApi, pane: PaneInfo): Promise<PaneInfo> {
  return api.invoke('pane:resume', pane.id)
}

/** Restarting a running program ends what it was doing: ask first (a stray click must not end an agent's work). */
export async function restartPane(api: BoardApi, pane: PaneInfo, confirm: (text: string) => boolean = (t) => window.confirm(t)): Promise<PaneInfo | null> {
  const running = !pane.exit && !pane.interrupted
  if (running && !confirm(`Restart pane ${pane.id}? Its program is ended and started again${pane.agent ? ' (the agent resumes its session)' : ''}.`))
    return null
  return api.invoke('pane:restart', pane.id)
}
