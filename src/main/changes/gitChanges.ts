import { constants } from 'node:fs'
import { lstat, open } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileChange } from '../../shared/domain/pane'
import { git, gitRun, type GitOptions } from '../worktrees/git'

export const enum ChangeConstants {
  /** Untracked files larger than this are counted as one file of unknown lines (binary-like). */
  MaxCountBytes = 1 << 20,
  /** The changes view gets at most this much diff text. */
  MaxDiffChars = 2_000_000,
  /** Untracked files shown as diffs in the changes view. */
  MaxUntrackedDiffs = 100,
}

const STATUS: Record<string, FileChange['status']> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', T: 'modified', C: 'added' }

/** Lines in a text file, or null for a binary or very large one, or anything but a regular file. */
async function countLines(path: string): Promise<number | null> {
  // Never follow a link or open a FIFO: an agent's checkout may hold anything, and a blocked open
  // would hold one of libuv's few threads (and this pane's count) for good.
  const info = await lstat(path).catch(() => null)
  if (!info?.isFile() || info.size > ChangeConstants.MaxCountBytes) return null
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW).catch(() => null)
  if (!handle) return null
  try {
    const { size } = await handle.stat()
    if (!Number.isFinite(size) || size > ChangeConstants.MaxCountBytes) return null
    const buf = Buffer.alloc(size)
    await handle.read(buf, 0, size, 0)
    if (buf.includes(0)) return null
    let lines = 0
    for (const byte of buf) if (byte === 10) lines++
    return size > 0 && buf[size - 1] !== 10 ? lines + 1 : lines
  } finally {
    await handle.close()
  }
}

function splitZ(out: string): string[] {
  return out.split('\0').filter((s) => s !== '')
}

/**
 * Every change in the checkout at `cwd` since commit `since`: tracked files (committed since,
 * staged or not) from `git diff --numstat`, plus untracked files not ignored. One git run at a time.
 */
export async function listChanges(cwd: string, since: string, options: GitOptions = {}): Promise<FileChange[]> {
  const numstat = await git(cwd, ['diff', '--numstat', '-z', '--no-renames', '--no-ext-diff', since, '--'], options)
  const names = await git(cwd, ['diff', '--name-status', '-z', '--no-renames', since, '--'], options)
  const status = new Map<string, FileChange['status']>()
  const ns = splitZ(names)
  for (let i = 0; i + 1 < ns.length; i += 2) status.set(ns[i + 1]!, STATUS[ns[i]!.charAt(0)] ?? 'modified')
  const files: FileChange[] = []
  for (const entry of splitZ(numstat)) {
    const [added, removed, path] = entry.split('\t') as [string, string, string]
    if (path === undefined) continue
    const bin = added === '-'
    files.push({ path, status: status.get(path) ?? 'modified', added: bin ? null : Number(added), removed: bin ? null : Number(removed) })
  }
  for (const path of splitZ(await git(cwd, ['ls-files', '--others', '--exclude-standard', '-z'], options))) {
    files.push({ path, status: 'untracked', added: await countLines(join(cwd, path)), removed: 0 })
  }
  return files
}

export async function currentBranch(cwd: string, options: GitOptions = {}): Promise<string | null> {
  return (await gitRun(cwd, ['symbolic-ref', '--short', '-q', 'HEAD'], options)).stdout.trim() || null
}

export async function headCommit(cwd: string, options: GitOptions = {}): Promise<string | null> {
  const result = await gitRun(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], options)
  return result.code === 0 ? result.stdout.trim() : null
}

/** The unified diff of every change since `since`, untracked files as new files; cut at MaxDiffChars. */
export async function changesDiff(cwd: string, since: string, files: readonly FileChange[], options: GitOptions = {}): Promise<{ diff: string; truncatedAt: number | null }> {
  let diff = await git(cwd, ['diff', '--no-color', '--no-ext-diff', '--no-renames', since, '--'], options)
  const untracked = files.filter((f) => f.status === 'untracked').slice(0, ChangeConstants.MaxUntrackedDiffs)
  for (const file of untracked) {
    if (diff.length > ChangeConstants.MaxDiffChars) break
    // --no-index exits 1 when the files differ, which they always do here.
    const result = await gitRun(cwd, ['diff', '--no-color', '--no-ext-diff', '--no-index', '--', '/dev/null', file.path], options)
    diff += result.stdout
  }
  if (diff.length <= ChangeConstants.MaxDiffChars) return { diff, truncatedAt: null }
  const cut = diff.lastIndexOf('\ndiff --git ', ChangeConstants.MaxDiffChars)
  return { diff: diff.slice(0, cut > 0 ? cut + 1 : ChangeConstants.MaxDiffChars), truncatedAt: ChangeConstants.MaxDiffChars }
}
