/** Shell programs: when one is the pane's root and interactive, "shell back in front" means idle. */
const SHELLS = new Set(['bash', 'zsh', 'sh', 'dash', 'fish', 'ksh', 'mksh', 'tcsh', 'csh', 'nu', 'elvish', 'xonsh', 'pwsh'])

/** `/usr/bin/bash` → `bash`; `-bash` (login shell argv[0]) → `bash`. */
export function programName(argv0: string): string {
  const base = argv0.slice(argv0.lastIndexOf('/') + 1)
  return base.startsWith('-') ? base.slice(1) : base
}

export function isShell(argv0: string): boolean {
  return SHELLS.has(programName(argv0))
}

/** Shell options that take the next argument as their value (so it is not a script operand). */
const VALUED_OPTIONS = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file', '--init-command', '-C'])

/**
 * The pane's root is an interactive shell: a shell with neither `-c COMMAND` nor a script to run.
 * `bash -c 'loop'` or `bash build.sh` is a program written in shell, whose own process in front
 * means it runs, not that a prompt waits (issue 8: such a loop showed idle for minutes).
 */
export function isInteractiveShell(argv: readonly string[]): boolean {
  const [first, ...args] = argv
  if (first === undefined || !isShell(first)) return false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--' || arg === '-') return i + 1 >= args.length
    if (VALUED_OPTIONS.has(arg)) {
      i++
      continue
    }
    // Single-letter flags may be combined (`-lc`, `-ec`); -s reads stdin. -i makes a shell
    // interactive but `bash -i build.sh` still runs the script: an operand decides.
    if (/^-[A-Za-z]+$/.test(arg)) {
      if (arg.includes('c')) return false
      continue
    }
    if (arg.startsWith('-') || arg.startsWith('+')) continue
    return false
  }
  return true
}

/**
 * Shells whose own prompt waits in pselect(2) (readline), not read(2): when such a shell sleeps in
 * read(2) on the terminal it runs the `read` builtin for a script or a user, which waits for input.
 * Measured for bash 5 on Linux 6.x (prompt: syscall 270 pselect6; `read -p`: syscall 0 read).
 * dash and `sh` read their prompt with read(2), so there a read is the prompt (idle).
 */
const PROMPT_IN_PSELECT = new Set(['bash'])

export function promptWaitsInPselect(argv0: string): boolean {
  return PROMPT_IN_PSELECT.has(programName(argv0))
}
