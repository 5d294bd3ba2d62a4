/**
 * May a pane's worktree (its folder and its branch) be removed without losing work? Pure: main
 * reads the facts from git, this decides, and the UI shows the reasons.
 */
export interface WorktreeFacts {
  /** Paths `git status --porcelain` lists (modified, staged, untracked). */
  readonly uncommitted: readonly string[]
  /** Commits on the branch that are neither in its base nor in its upstream (if it has one). */
  readonly unmergedCommits: number
  readonly base: string
}

export type RemovalVerdict = { readonly safe: true; readonly reasons: readonly [] } | { readonly safe: false; readonly reasons: readonly string[] }

export function removalVerdict(facts: WorktreeFacts): RemovalVerdict {
  const reasons: string[] = []
  const n = facts.uncommitted.length
  if (n > 0) {
    const sample = facts.uncommitted.slice(0, 3).join(', ')
    reasons.push(`${n} uncommitted ${n === 1 ? 'file' : 'files'} (${sample}${n > 3 ? ', …' : ''})`)
  }
  const c = facts.unmergedCommits
  if (c > 0) reasons.push(`${c} ${c === 1 ? 'commit' : 'commits'} not merged into ${facts.base} and not pushed`)
  return reasons.length ? { safe: false, reasons } : { safe: true, reasons: [] }
}

export function refusalMessage(path: string, verdict: RemovalVerdict): string {
  return `kept the worktree ${path}: it has ${verdict.reasons.join(' and ')}. Commit and merge or push it, or remove it anyway (force) to discard that work.`
}
