import { join } from 'node:path'

/** POSIX single-quoting: safe for any path, including spaces and quotes. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}

/**
 * The hook command line for the reporter. It names only the script: the URL, token, marker and
 * runtime come from the pane's environment, so the command is the same for every pane (Codex
 * trusts hooks by a hash of the command) and no secret is ever in a command line.
 */
export function reporterCommand(resourcesDir: string, gated: boolean): string {
  const script = shellQuote(join(resourcesDir, 'reporter', 'report.sh'))
  return gated ? `/bin/sh ${script} --gated` : `/bin/sh ${script}`
}
