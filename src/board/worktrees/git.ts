import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

export const enum GitConstants {
  TimeoutMs = 30_000,
  MaxBuffer = 32 * 1024 * 1024,
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(message)
    this.name = 'GitError'
  }
}

export interface GitResult {
  readonly stdout: string
  readonly stderr: string
  readonly code: number
}

/**
 * Runs the real `git` asynchronously (never blocks the board): no prompts, no pager, C locale
 * so its messages can be quoted, and a timeout. Resolves with the exit code; `git` rejects on a
 * non-zero exit with git's own message.
 */
export interface GitOptions {
  readonly timeoutMs?: number
  /** Aborting kills git (a pane that closes stops its count). */
  readonly signal?: AbortSignal
}

/**
 * What makes a git run the board's own: nothing the repository (or a program in a pane that
 * wrote its .git/config) configured runs as a side effect of the board looking at it. The board
 * only counts, diffs and makes worktrees; running the repo's fsmonitor, hooks (post-checkout on
 * `worktree add`, reference-transaction), diff textconv/external drivers or clean/smudge filters
 * would run whatever they name as the user (issue 24.6). Filter and diff drivers are configured
 * by name, so their names are read from the config first (reading config runs nothing) and each
 * one is emptied; `-c` wins over every config file and reaches git's own child gits too.
 * Consequence: `spawn --worktree` checks files out unfiltered (a git-lfs repo gets its pointer
 * files — `git lfs pull` as a setup command fetches them); the user's own setup commands run as typed.
 */
const NEUTRAL_CONFIG = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'diff.external=',
  // Not into submodules' work trees: each has a config of its own.
  'diff.ignoreSubmodules=dirty',
  'status.submoduleSummary=false',
  'gc.auto=0',
  'maintenance.auto=false',
]

/** Sub-commands that can run a diff driver: each gets `--no-textconv --no-ext-diff` right after it. */
const DIFFING = new Set(['diff', 'log', 'show'])

async function neutralArgs(cwd: string, signal?: AbortSignal): Promise<string[]> {
  const drivers = new Set<string>()
  const listed = await new Promise<string>((resolve) =>
    execFile('git', ['config', '-z', '--get-regexp', '^(filter|diff)\\.'], { cwd, encoding: 'utf8', timeout: 10_000, signal, env: gitEnv() }, (_err, stdout) =>
      resolve(stdout ?? ''),
    ),
  )
  for (const entry of listed.split('\0')) {
    const key = entry.slice(0, entry.includes('\n') ? entry.indexOf('\n') : undefined)
    const m = /^(filter|diff)\.(.+)\.(clean|smudge|process|required|textconv|command)$/i.exec(key)
    if (m) drivers.add(`${m[1]!.toLowerCase()}.${m[2]!}`)
  }
  const config = [...NEUTRAL_CONFIG]
  for (const d of drivers) {
    if (d.startsWith('filter.')) config.push(`${d}.clean=`, `${d}.smudge=`, `${d}.process=`, `${d}.required=false`)
    else config.push(`${d}.textconv=`, `${d}.command=`)
  }
  return config.flatMap((c) => ['-c', c])
}

/** The full argv after `git`: neutral config first, diff drivers off for a diffing sub-command. */
async function gitArgv(cwd: string, args: readonly string[], signal?: AbortSignal): Promise<string[]> {
  const [sub, ...rest] = args
  const tail = sub !== undefined && DIFFING.has(sub) ? [sub, '--no-textconv', '--no-ext-diff', ...rest] : [...args]
  return ['--no-pager', ...(await neutralArgs(cwd, signal)), ...tail]
}

export async function gitRun(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const argv = existsSync(cwd) ? await gitArgv(cwd, args, options.signal) : [...args]
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      argv,
      {
        cwd,
        encoding: 'utf8',
        timeout: options.timeoutMs ?? GitConstants.TimeoutMs,
        maxBuffer: GitConstants.MaxBuffer,
        signal: options.signal,
        env: gitEnv(),
      },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr, code: 0 })
        const e = err as NodeJS.ErrnoException & { code?: number | string; killed?: boolean }
        if (e.code === 'ENOENT' && !existsSync(cwd)) return reject(new GitError(`${cwd} does not exist`, '', null))
        if (e.code === 'ENOENT') return reject(new GitError('git is not installed (not found on PATH)', '', null))
        if (typeof e.code === 'number') return resolve({ stdout, stderr, code: e.code })
        reject(new GitError(`git ${args[0] ?? ''} failed: ${e.killed ? 'timed out' : e.message}`, stderr, null))
      },
    )
  })
}

export async function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  const result = await gitRun(cwd, args, options)
  if (result.code !== 0) {
    const said = result.stderr
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ')
      .replace(/^(fatal|error): /, '')
    throw new GitError(`git ${args.join(' ')} failed in ${cwd}: ${said || `exit code ${result.code}`}`, result.stderr, result.code)
  }
  return result.stdout
}

function gitEnv(): NodeJS.ProcessEnv {
  // GIT_CONFIG_NOSYSTEM: what the machine's /etc/gitconfig sets is no business of the board's git either.
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', GIT_CONFIG_NOSYSTEM: '1' }
}

/**
 * At most `maxChars` of what git prints (a diff can be far larger than anyone reads, or than
 * execFile's buffer): git is stopped once that much has come, and `cut` says so. Exit codes in
 * `okCodes` (default 0) are success; another rejects with git's message.
 */
export async function gitHead(
  cwd: string,
  args: readonly string[],
  maxChars: number,
  options: GitOptions & { okCodes?: readonly number[] } = {},
): Promise<{ stdout: string; cut: boolean }> {
  const argv = existsSync(cwd) ? await gitArgv(cwd, args, options.signal) : [...args]
  return new Promise((resolve, reject) => {
    const child = spawn('git', argv, {
      cwd,
      env: gitEnv(),
      signal: options.signal,
      timeout: options.timeoutMs ?? GitConstants.TimeoutMs,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let cut = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (cut) return
      stdout += chunk
      if (stdout.length > maxChars) {
        cut = true
        stdout = stdout.slice(0, maxChars)
        child.kill('SIGKILL')
      }
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk
    })
    child.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new GitError(existsSync(cwd) ? 'git is not installed (not found on PATH)' : `${cwd} does not exist`, '', null))
      else reject(new GitError(`git ${args[0] ?? ''} failed: ${err.message}`, stderr, null))
    })
    child.once('close', (code, signal) => {
      if (cut) return resolve({ stdout, cut })
      if (code !== null && (options.okCodes ?? [0]).includes(code)) return resolve({ stdout, cut })
      const said = stderr
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')
        .replace(/^(fatal|error): /, '')
      reject(new GitError(`git ${args.join(' ')} failed in ${cwd}: ${said || (signal ? `ended by ${signal}` : `exit code ${code}`)}`, stderr, code))
    })
  })
}

/** The top of the checkout `dir` is in, or null when it is not in a git repository. */
export async function repoRoot(dir: string): Promise<string | null> {
  if (!existsSync(dir)) return null
  const result = await gitRun(dir, ['rev-parse', '--show-toplevel'])
  return result.code === 0 ? result.stdout.trim() : null
}
