import { parseArgs, type ParseArgsConfig } from 'node:util'

/** A bad command line: the one error every entry point (CLI, serve, replay) prints with exit code 2. */
export class UsageError extends Error {}

/**
 * `node:util` parseArgs with its errors turned into one-line UsageErrors ("ls: unknown option
 * --bogus"), so every entry point words them alike. `context` prefixes the message (a verb name).
 */
export function parseUsage<T extends ParseArgsConfig>(config: T, context?: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? ''
    if (!code.startsWith('ERR_PARSE_ARGS')) throw err
    const quoted = /'([^']+)'/.exec((err as Error).message)?.[1] ?? ''
    const option = quoted.split(' ')[0]
    const message =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option ${option}`
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `unexpected argument ${JSON.stringify(quoted)}`
          : /argument missing/.test((err as Error).message)
            ? `${option} needs a value`
            : /does not take an argument/.test((err as Error).message)
              ? `${option} takes no value`
              : (err as Error).message
    throw new UsageError(context ? `${context}: ${message}` : message)
  }
}
