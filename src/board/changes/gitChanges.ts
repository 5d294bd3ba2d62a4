import { constants } from 'node:fs'
import { lstat, open } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileChange } from '../../shared/domain/pane'
import { git, gitHead, gitRun, type GitOptions } from '../worktrees/git'

export const enum ChangeConstants {
  /** Untracked files larger than this are counted as one file of unknown lines (binary-like). */
  MaxCountBytes = 1 << 20,
  /** The changes view gets at most this much diff text. */
  MaxDiffChars = 2_000_000,
  /** Untracked files whose lines are counted (a checkout with thousands of new files, e.g. an unignored node_modules, counts the rest as files only). */
  MaxCountedUntracked = 2_000,
  /** Untracked files read at once while counting. */
  CountConcurrency = 16,
  /** Files diffed one by one (untracked ones, and tracked ones after a file too large to show). */
  MaxSeparateDiffs = 200,
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
 * staged or not) from `git diff --numstat`, renames found as git finds them (a `git mv`, or a
 * rename committed since), plus untracked files not ignored. One git run at a time.
 */
export async function listChanges(cwd: string, since: string, options: GitOptions = {}): Promise<FileChange[]> {
  const numstat = splitZ(await git(cwd, ['diff', '--numstat', '-z', '-M', '--no-ext-diff', since, '--'], options))
  const names = splitZ(await git(cwd, ['diff', '--name-status', '-z', '-M', since, '--'], options))
  const status = new Map<string, FileChange['status']>()
  for (let i = 0; i < names.length;) {
    const code = names[i++]!.charAt(0)
    // A rename or copy names two paths (old, new); the others one.
    if (code === 'R' || code === 'C') i++
    const path = names[i++]
    if (path !== undefined) status.set(path, STATUS[code] ?? 'modified')
  }
  const files: FileChange[] = []
  for (let i = 0; i < numstat.length;) {
    const [added, removed, inline] = numstat[i++]!.split('\t') as [string, string, string | undefined]
    // -z: "A\tR\tpath", or for a rename "A\tR\t" then the old and the new path.
    let path = inline
    let from: string | undefined
    if (!inline) {
      from = numstat[i++]
      path = numstat[i++]
    }
    if (path === undefined) break
    const bin = added === '-'
    const counts = { added: bin ? null : Number(added), removed: bin ? null : Number(removed) }
    files.push(
      from !== undefined ? { path, from, status: status.get(path) ?? 'renamed', ...counts } : { path, status: status.get(path) ?? 'modified', ...counts },
    )
  }
  const untracked = splitZ(await git(cwd, ['ls-files', '--others', '--exclude-standard', '-z'], options))
  const lines: (number | null)[] = new Array<number | null>(untracked.length).fill(null)
  // A few reads at a time (one at a time took 5–9 s for 20,000 small files); past the cap, files only.
  const counted = Math.min(untracked.length, ChangeConstants.MaxCountedUntracked)
  let next = 0
  const worker = async () => {
    while (next < counted && !options.signal?.aborted) {
      const i = next++
      lines[i] = await countLines(join(cwd, untracked[i]!))
    }
  }
  await Promise.all(Array.from({ length: Math.min(ChangeConstants.CountConcurrency, counted) }, worker))
  untracked.forEach((path, i) => files.push({ path, status: 'untracked', added: lines[i]!, removed: 0 }))
  return files
}

export async function currentBranch(cwd: string, options: GitOptions = {}): Promise<string | null> {
  return (await gitRun(cwd, ['symbolic-ref', '--short', '-q', 'HEAD'], options)).stdout.trim() || null
}

export async function headCommit(cwd: string, options: GitOptions = {}): Promise<string | null> {
  const result = await gitRun(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], options)
  return result.code === 0 ? result.stdout.trim() : null
}

/** The diff of each file starts with this line (git quotes unusual names, never this prefix). */
const FILE_START = 'diff --git '

/** Whole files' diffs from the start of `text` (one cut inside a file is dropped), and how many. */
function wholeFiles(text: string, cut: boolean): { text: string; count: number } {
  const kept = cut ? text.slice(0, Math.max(0, text.lastIndexOf(`\n${FILE_START}`) + 1)) : text
  let count = 0
  for (let at = kept.indexOf(FILE_START); at >= 0; at = kept.indexOf(`\n${FILE_START}`, at + 1)) count++
  return { text: kept, count }
}

/**
 * git ends a `---`/`+++` line with a tab when the name has a space (for patch(1)); the viewer
 * would show it as part of the name. Only header lines (between `diff --git` and the first hunk)
 * are touched: a removed line reading `-- x<TAB>` is content.
 */
export function tidyFileHeaders(diff: string): string {
  let inHeader = false
  return diff
    .split('\n')
    .map((line) => {
      if (line.startsWith(FILE_START)) inHeader = true
      else if (line.startsWith('@@') || line.startsWith('Binary files ')) inHeader = false
      else if (inHeader && (line.startsWith('--- ') || line.startsWith('+++ ')) && line.endsWith('\t')) return line.slice(0, -1)
      return line
    })
    .join('\n')
}

export interface ChangesDiff {
  readonly diff: string
  /** The diff was cut at this many characters (files in `omitted`), else null. */
  readonly truncatedAt: number | null
  /** Changed files whose diff is not in `diff`: it did not fit. */
  readonly omitted: readonly string[]
}

/**
 * The unified diff of every change since `since`, untracked files as new files, at most
 * MaxDiffChars of it: git is stopped there (a generated file can make hundreds of MB). A file
 * that does not fit is left out and named; the ones after it are still shown when they fit.
 */
export async function changesDiff(cwd: string, since: string, files: readonly FileChange[], options: GitOptions = {}): Promise<ChangesDiff> {
  const max = ChangeConstants.MaxDiffChars
  const tracked = files.filter((f) => f.status !== 'untracked')
  const omitted: string[] = []
  const all = await gitHead(cwd, ['diff', '--no-color', '--no-ext-diff', '-M', since, '--'], max, options)
  const head = wholeFiles(all.stdout, all.cut)
  let diff = head.text
  // git prints files in the order --numstat lists them: the first `count` are whole in the text.
  const rest = all.cut ? tracked.slice(head.count) : []
  const separate = [
    ...rest.map((f) => ({
      file: f,
      args: ['diff', '--no-color', '--no-ext-diff', '-M', since, '--', `:(literal)${f.path}`, ...(f.from ? [`:(literal)${f.from}`] : [])],
      ok: [0],
    })),
    ...files
      .filter((f) => f.status === 'untracked')
      .map((f) => ({ file: f, args: ['diff', '--no-color', '--no-ext-diff', '--no-index', '--', '/dev/null', f.path], ok: [0, 1] })),
  ]
  for (const [n, { file, args, ok }] of separate.entries()) {
    const room = max - diff.length
    if (n >= ChangeConstants.MaxSeparateDiffs || room < 200) {
      omitted.push(file.path)
      continue
    }
    // --no-index exits 1 when the files differ, which they always do here.
    const one = await gitHead(cwd, args, room, { ...options, okCodes: ok })
    if (one.cut) omitted.push(file.path)
    else diff += one.stdout
  }
  const cut = all.cut || omitted.length > 0
  return { diff: tidyFileHeaders(diff), truncatedAt: cut ? max : null, omitted }
}
