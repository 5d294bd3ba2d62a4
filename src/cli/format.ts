import type { Evidence, PaneChangesDetail, PaneExplanation, PaneInfo, StateChange } from '../shared/domain/pane'
import { programName } from '../core/process/shells'

/** "4s", "3m", "2h", "5d": compact, like `docker ps`. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m`
  if (s < 86400) return `${Math.floor(s / 3600)}h`
  return `${Math.floor(s / 86400)}d`
}

export function paneRecord(p: PaneInfo) {
  return {
    id: p.id,
    title: p.title,
    command: p.command,
    cwd: p.cwd,
    pid: p.pid,
    cols: p.cols,
    rows: p.rows,
    foreground: p.foreground ? { pid: p.foreground.pid, argv: p.foreground.argv, isRoot: p.foreground.isRoot } : null,
    // One word for a pane the board stopped while it ran, as `ls` and the badge say it (its verdict is exited: nothing runs).
    state: p.interrupted ? 'interrupted' : p.verdict.state,
    since: new Date(p.verdict.since).toISOString(),
    evidence: p.verdict.evidence,
    agent: p.agent,
    agentVersion: p.agentVersion,
    lastReport: p.lastReport && { event: p.lastReport.event, at: new Date(p.lastReport.at).toISOString() },
    sessionId: p.sessionId,
    drift: p.drift,
    exitCode: p.exit?.code ?? null,
    exitSignal: p.exit?.signal ?? null,
    branch: p.changes?.branch ?? p.worktree?.branch ?? null,
    worktree: p.worktree && { repo: p.worktree.repo, path: p.worktree.path, branch: p.worktree.branch, base: p.worktree.base },
    changes: p.changes && { files: p.changes.files, added: p.changes.added, removed: p.changes.removed, since: p.changes.since, error: p.changes.error },
    interrupted: p.interrupted
      ? {
          at: new Date(p.interrupted.at).toISOString(),
          resume: p.interrupted.resume,
          command: p.interrupted.command,
          missingEnv: p.interrupted.missingEnv?.names ?? [],
        }
      : null,
    missingEnv: p.missingEnv?.names ?? [],
    host: p.host?.name ?? null,
    link: p.host ? { state: p.host.link, problem: p.host.problem ?? null } : null,
  }
}

export function paneTable(panes: readonly PaneInfo[], now: number): string {
  const rows = panes.map((p) => [
    p.id,
    p.interrupted ? 'interrupted' : p.verdict.state,
    formatAge(now - p.verdict.since),
    String(p.pid),
    p.foreground ? programName(p.foreground.argv[0] ?? '?') : '-',
    p.agent ? `${p.agent}${p.agentVersion ? ` ${p.agentVersion}` : ''}` : '-',
    p.exit ? (p.exit.signal !== null ? `sig ${p.exit.signal}` : String(p.exit.code)) : '-',
    p.title,
    p.host ? `${p.host.name}:${p.cwd}` : p.cwd,
  ])
  const header = ['ID', 'STATE', 'SINCE', 'PID', 'FOREGROUND', 'AGENT', 'EXIT', 'TITLE', 'CWD']
  const all = [header, ...rows]
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)))
  return all.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n')
}

export function stateLine(change: StateChange): string {
  const { verdict } = change.info
  const time = new Date(verdict.since).toISOString().slice(11, 23)
  const why = verdict.evidence.map((e) => `${e.source}: ${e.detail}`).join('; ')
  return `${time}  pane ${change.paneId}  ${change.previous} → ${verdict.state}  (${why})`
}

export function stateJson(change: StateChange): string {
  const { verdict } = change.info
  return JSON.stringify({
    t: verdict.since,
    pane: change.paneId,
    from: change.previous,
    state: verdict.state,
    evidence: verdict.evidence,
  })
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23)
const evidenceLine = (e: Evidence) => `${clock(e.at)}  ${e.source.padEnd(7)} ${e.detail}`

export function explainText(x: PaneExplanation): string {
  const out = [`pane ${x.paneId}${x.agent ? ` (${x.agent})` : ''}: ${x.verdict.state} since ${clock(x.verdict.since)}`]
  const decided = x.evidence[0] ?? x.verdict.evidence[0]
  if (decided) out.push(`decided by ${decided.source}: ${decided.detail}`)
  if (x.agentVersion) out.push(`agent version ${x.agentVersion.version} (from ${x.agentVersion.source})`)
  if (x.drift) {
    out.push(`DRIFT since ${clock(x.drift.since)}: ${x.drift.detail}`, '  screen when it began:')
    out.push(...x.drift.screen.lines.map((l) => `  | ${l}`))
  }
  out.push('', 'evidence:', ...x.evidence.map((e) => '  ' + evidenceLine(e)))
  out.push('', 'latest word of each channel:')
  for (const [name, value] of Object.entries(x.channels)) out.push(`  ${name.padEnd(9)}${value === null ? '-' : JSON.stringify(value).slice(0, 240)}`)
  out.push('', x.rules.length ? 'screen rules now (first match wins):' : 'screen rules: none for this pane')
  let decidedRule = false
  for (const r of x.rules) {
    const mark = r.matched && !decidedRule ? '→' : r.matched ? '✓' : '·'
    if (r.matched) decidedRule = true
    out.push(`  ${mark} ${r.ruleId.padEnd(34)} ${r.state.padEnd(9)}${r.text ? ` ${JSON.stringify(r.text.slice(0, 80))}` : ''}`)
  }
  if (x.lastInputAt !== null) out.push('', `last input ${clock(x.lastInputAt)} (what was typed is never kept)`)
  if (x.reports) {
    const refused = Object.entries(x.reports.rejected).map(([why, n]) => `${n} ${why}`)
    const s = x.reports.server
    out.push('', `reports: ${x.reports.accepted} accepted${refused.length ? `, refused ${refused.join(', ')}` : ''}`)
    out.push(`report server: ${s.unauthorized} without a valid token, ${s.preAuth} connections before a token now, ${s.droppedPreAuth} dropped for newer`)
  }
  out.push('', `${x.evaluations} screen evaluations, ${x.evalMs.toFixed(1)} ms in total`)
  return out.join('\n')
}

/** `changes PANE`: a summary line, one line per file, and with `diff` the unified diff. */
export function changesText(detail: PaneChangesDetail, info: PaneInfo, diff: boolean): string {
  const n = detail.files.length
  const total = (key: 'added' | 'removed') => detail.files.reduce((sum, f) => sum + (f[key] ?? 0), 0)
  const wt = info.worktree
  const branch = wt ? ` on ${wt.branch} (from ${wt.base})` : info.changes?.branch ? ` on ${info.changes.branch}` : ''
  const head =
    n === 0
      ? `no changes since ${detail.since.slice(0, 8)}${branch}`
      : `${n} ${n === 1 ? 'file' : 'files'} changed, +${total('added')} −${total('removed')} since ${detail.since.slice(0, 8)}${branch}`
  const width = Math.max(0, ...detail.files.map((f) => f.status.length))
  const lines = detail.files.map((f) => {
    const counts = f.added === null ? 'binary or not read' : `+${f.added} −${f.removed ?? 0}`
    return `${f.status.padEnd(width)}  ${f.from ? `${f.from} → ${f.path}` : f.path}  ${counts}`
  })
  const cut =
    diff && detail.truncatedAt
      ? [`(the diff is cut at ${Math.round(detail.truncatedAt / 1e6)} MB${detail.omitted.length ? `; not shown: ${detail.omitted.join(', ')}` : ''})`]
      : []
  return [head, ...lines, ...cut].join('\n') + '\n' + (diff && detail.diff ? `\n${detail.diff}${detail.diff.endsWith('\n') ? '' : '\n'}` : '')
}
