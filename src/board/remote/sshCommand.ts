/**
 * The ssh command a remote pane is reached with: $SWITCHBOARD_SSH_COMMAND, else the setting
 * `remote.sshCommand`, else `ssh` — split into words the way GIT_SSH_COMMAND is (quotes group,
 * a backslash escapes; nothing else of a shell). The board adds only what it needs to never hang
 * on a prompt and to notice a dead link; authentication and host keys stay ssh's own.
 */

/** Splits a command line into words: '…' and "…" group, \ escapes the next character. */
export function splitWords(line: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | null = null
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote) {
      if (c === quote) quote = null
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]
      else word += c
    } else if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i]
      inWord = true
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += c
      inWord = true
    }
  }
  if (quote) throw new Error(`the ssh command has an unclosed ${quote}: ${line}`)
  if (inWord) words.push(word)
  return words
}

/** The ssh command's words (program first), from the environment or the setting. */
export function sshCommand(env: NodeJS.ProcessEnv, setting: string): string[] {
  const line = env.SWITCHBOARD_SSH_COMMAND?.trim() || setting.trim() || 'ssh'
  const words = splitWords(line)
  if (!words.length) throw new Error('the ssh command is empty (SWITCHBOARD_SSH_COMMAND or Settings → remote.sshCommand)')
  return words
}

/**
 * Options the board always passes: BatchMode (a password or passphrase prompt fails at once, the
 * board never types one), a connect timeout, and keep-alives so a link that went silent (a laptop
 * asleep, a cut network) is noticed within ~15 s instead of never.
 */
export const SSH_BOARD_OPTIONS = ['-T', '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=15', '-o', 'ServerAliveInterval=5', '-o', 'ServerAliveCountMax=3'] as const

/** The argv that runs `remoteCommand` on `destination` ("--" first: a destination is never an option). */
export function sshArgv(command: readonly string[], destination: string, remoteCommand: string): { file: string; args: string[] } {
  const [file, ...own] = command
  return { file: file!, args: [...own, ...SSH_BOARD_OPTIONS, '--', destination, remoteCommand] }
}
