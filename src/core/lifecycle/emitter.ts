import type { IDisposable } from './disposable'
import { reportUnexpectedErrors } from './errors'

export type Event<T> = (listener: (value: T) => void) => IDisposable

/**
 * A private emitter with a public `event`, as in VS Code. A throwing listener never stops the others;
 * its error goes to `onListenerError` if given, otherwise to the unexpected-error handler.
 */
export class Emitter<T> implements IDisposable {
  private listeners = new Set<(value: T) => void>()
  private disposed = false

  constructor(private readonly onListenerError?: (err: unknown) => void) {}

  readonly event: Event<T> = (listener) => {
    if (this.disposed) return { dispose() {} }
    const wrapped = (value: T) => listener(value)
    this.listeners.add(wrapped)
    return { dispose: () => void this.listeners.delete(wrapped) }
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0
  }

  fire(value: T): void {
    let errors: unknown[] | null = null
    for (const listener of [...this.listeners]) {
      try {
        listener(value)
      } catch (err) {
        if (this.onListenerError) this.onListenerError(err)
        else (errors ??= []).push(err)
      }
    }
    if (errors) reportUnexpectedErrors(errors, 'event listeners')
  }

  dispose(): void {
    this.disposed = true
    this.listeners.clear()
  }
}
