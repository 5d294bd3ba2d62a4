import { existsSync, mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { branchFolderName, checkBranchName } from '../../core/worktree/branchName'
import { refusalMessage, removalVerdict } from '../../core/worktree/removalVerdict'
import type { PaneWorktree, WorktreeCheck } from '../../shared/domain/pane'
import { BoardError } from '../../shared/ipc/errors'
import { git, gitRun, repoRoot } from './git'

/** `~` and `~/…` as a shell reads them (typed in the form or the settings, no shell sees them). */
export function expandHome(path: string, home: string = homedir()): string {
  return path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path
}

/**
 * The folder a new worktree goes in: `<folder>/<repo>/<branch>` when the setting names a folder,
 * else beside the repo in `<repo>.worktrees/<branch>` (outside the checkout, so the repo's own
 * tools never see it as part of the project).
 */
export function worktreeFolder(repo: string, branch: string, settingFolder: string, home: string = homedir()): string {
  const name = branchFolderName(branch)
  const folder = settingFolder.trim()
  if (!folder) return join(dirname(repo), `${basename(repo)}.worktrees`, name)
  // `~/trees` as a shell would read it; a relative path would land under the board's own cwd.
  const expanded = expandHome(folder, home)
  if (!isAbsolute(expanded))
    throw new BoardError(
      'invalid',
      `Settings → Worktrees folder is ${JSON.stringify(folder)}, not an absolute path; give one such as ~/worktrees or /home/you/worktrees, or leave it empty (beside the repo)`,
    )
  return join(resolve(expanded), basename(repo), name)
}

export interface CreateWorktreeRequest {
  /** Any directory inside the repository. */
  readonly cwd: string
  readonly branch: string
  /** A branch, tag or commit; absent: the repo's HEAD (which must then be clean). */
  readonly base?: string
  /** The worktrees folder setting ('' for beside the repo). */
  readonly folder: string
  /** What `~` in it means (the panes' HOME). */
  readonly home?: string
}

const fail = (message: string) => new BoardError('git-failed', message)

/** `git worktree add -b BRANCH FOLDER BASE`, after checks that say plainly what is wrong. */
export async function createWorktree(req: CreateWorktreeRequest): Promise<PaneWorktree> {
  const name = checkBranchName(req.branch)
  if (!name.ok) throw new BoardError('invalid', `--worktree: ${name.error}`)
  const repo = await repoRoot(req.cwd)
  if (!repo) throw fail(`${req.cwd} is not inside a git repository; a worktree needs one (give --cwd a repository's folder, or run \`git init\` there first)`)
  if ((await gitRun(repo, ['show-ref', '--verify', '--quiet', `refs/heads/${req.branch}`])).code === 0) {
    throw fail(`branch ${req.branch} already exists in ${repo}; pick a new branch name (a worktree gets a branch of its own)`)
  }
  let base = req.base
  // Never handed to git where it could read as an option.
  if (base?.startsWith('-')) throw new BoardError('invalid', `--base: ${JSON.stringify(base)} is not a branch, tag or commit name (it may not start with "-")`)
  if (!base) {
    // The new branch starts at HEAD's commit: changes not committed in the checkout would not be in it.
    const files = (await git(repo, ['status', '--porcelain', '--untracked-files=no']))
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3))
    if (files.length) {
      throw fail(
        `${repo} has uncommitted changes (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}) that a worktree from HEAD would not have; commit or stash them, or name a base explicitly (--base)`,
      )
    }
    base = (await gitRun(repo, ['symbolic-ref', '--short', '-q', 'HEAD'])).stdout.trim() || 'HEAD'
  }
  const commit = await gitRun(repo, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`])
  if (commit.code !== 0) {
    // A fresh `git init`: HEAD names a branch that has no commit, and there is nothing to branch from.
    const anyCommit = (await gitRun(repo, ['for-each-ref', '--count=1', '--format=%(objectname)', 'refs/heads'])).stdout.trim()
    if (!anyCommit) throw fail(`${repo} has no commit yet, so there is nothing to start a branch from; commit something first (git add . && git commit)`)
    throw fail(`base ${base} is not a branch, tag or commit in ${repo}`)
  }
  const baseCommit = commit.stdout.trim()
  const path = worktreeFolder(repo, req.branch, req.folder, req.home)
  if (existsSync(path)) throw fail(`the worktree folder ${path} already exists; remove it or pick another branch name`)
  mkdirSync(dirname(path), { recursive: true })
  await git(repo, ['worktree', 'add', '-b', req.branch, path, baseCommit])
  return { repo, path, branch: req.branch, base, baseCommit }
}

/** Commits on the branch in neither its base nor its upstream (a pushed branch loses nothing). Asked of the repo: the folder may be gone. */
async function unmergedCommits(wt: PaneWorktree): Promise<number> {
  if ((await gitRun(wt.repo, ['show-ref', '--verify', '--quiet', `refs/heads/${wt.branch}`])).code !== 0) return 0
  const upstream = await gitRun(wt.repo, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', `${wt.branch}@{upstream}`])
  // The base as it is now (merged since?), falling back to where the branch started.
  const baseNow = (await gitRun(wt.repo, ['rev-parse', '--verify', '--quiet', `${wt.base}^{commit}`])).stdout.trim() || wt.baseCommit
  const excluded = [baseNow, ...(upstream.code === 0 && upstream.stdout.trim() ? [upstream.stdout.trim()] : [])]
  const out = await git(wt.repo, ['rev-list', '--count', `refs/heads/${wt.branch}`, '--not', ...excluded])
  return Number(out.trim()) || 0
}

export async function checkWorktree(wt: PaneWorktree): Promise<WorktreeCheck> {
  const described = { path: wt.path, branch: wt.branch, base: wt.base }
  const status = existsSync(wt.path) ? await git(wt.path, ['status', '--porcelain', '--untracked-files=all']) : ''
  const uncommitted = status
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3))
  const verdict = removalVerdict({ uncommitted, unmergedCommits: await unmergedCommits(wt), base: wt.base })
  return { ...described, safe: verdict.safe, reasons: verdict.reasons }
}

/** Removes the worktree's folder and its branch; refuses (nothing changed) when work would be lost, unless forced. */
export async function removeWorktree(wt: PaneWorktree, force: boolean): Promise<void> {
  if (!force) {
    const check = await checkWorktree(wt)
    if (!check.safe) throw new BoardError('unsafe', refusalMessage(wt.path, { safe: false, reasons: check.reasons }))
  }
  if (existsSync(wt.path)) await git(wt.repo, ['worktree', 'remove', ...(force ? ['--force', '--force'] : []), wt.path])
  else await git(wt.repo, ['worktree', 'prune'])
  const branch = await gitRun(wt.repo, ['show-ref', '--verify', '--quiet', `refs/heads/${wt.branch}`])
  // -D: the check above (or the user's force) already decided; -d would also want it merged into the repo's HEAD.
  if (branch.code === 0) await git(wt.repo, ['branch', '-D', wt.branch])
}
