import { reportUnexpectedErrors } from './errors'

/** VS Code's lifecycle idiom, small: everything that holds a resource is disposable. */
export interface IDisposable {
  dispose(): void
}

export function toDisposable(fn: () => void): IDisposable {
  let done = false
  return {
    dispose() {
      if (done) return
      done = true
      fn()
    },
  }
}

export class DisposableStore implements IDisposable {
  private readonly items = new Set<IDisposable>()
  private disposed = false

  get isDisposed(): boolean {
    return this.disposed
  }

  add<T extends IDisposable>(item: T): T {
    if (this.disposed) item.dispose()
    else this.items.add(item)
    return item
  }

  delete(item: IDisposable): void {
    if (this.items.delete(item)) item.dispose()
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    const errors: unknown[] = []
    for (const item of [...this.items].reverse()) {
      try {
        item.dispose()
      } catch (err) {
        errors.push(err)
      }
    }
    this.items.clear()
    reportUnexpectedErrors(errors, 'dispose')
  }
}

export abstract class Disposable implements IDisposable {
  protected readonly store = new DisposableStore()

  protected register<T extends IDisposable>(item: T): T {
    return this.store.add(item)
  }

  dispose(): void {
    this.store.dispose()
  }
}
