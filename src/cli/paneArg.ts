import { UsageError } from '../board/util/usage'

/** A verb's PANE argument: a pane id like `3`, or a UsageError that says what to give. */
export function paneArg(value: string | undefined, command: string): string {
  if (value === undefined) throw new UsageError(`${command}: which pane? (\`switchboard ls\` lists them)`)
  if (!/^[1-9][0-9]*$/.test(value)) throw new UsageError(`${command}: ${JSON.stringify(value)} is not a pane id (a number like 3)`)
  return value
}
