/**
 * Where an error goes that its thrower's caller cannot handle (a listener, a disposer): VS Code's
 * `onUnexpectedError`. It is never swallowed. Until a host installs a handler (main logs it), the
 * error is rethrown to whoever fired or disposed, after every other listener or disposer ran.
 */
export type UnexpectedErrorHandler = (err: unknown) => void

let handler: UnexpectedErrorHandler | null = null

export function setUnexpectedErrorHandler(next: UnexpectedErrorHandler | null): void {
  handler = next
}

/** Reports `errors` to the installed handler, or throws them (one, or an AggregateError). */
export function reportUnexpectedErrors(errors: readonly unknown[], what: string): void {
  if (errors.length === 0) return
  if (handler) {
    for (const err of errors) handler(err)
    return
  }
  if (errors.length === 1) throw errors[0]
  throw new AggregateError(errors, `${errors.length} errors in ${what}`)
}
