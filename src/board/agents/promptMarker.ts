import { rmSync, writeFileSync } from 'node:fs'
import type { IDisposable } from '../../core/lifecycle/disposable'
import type { IncomingReport } from '../reports/report'
import type { PromptOpens } from './profile'

/**
 * The marker file that opens the gate for high-frequency hooks (report.sh `--gated`): it exists
 * from a report that opens a dialog to the next report of any kind. Main writes it before the
 * opening report is answered, and agents run hooks one after another, so the next hook already
 * sees it.
 */
export class PromptMarker implements IDisposable {
  private open = false

  constructor(
    readonly path: string,
    private readonly opens: PromptOpens,
  ) {}

  observe(report: IncomingReport): void {
    const shouldOpen = this.opens(report)
    if (shouldOpen === this.open) return
    this.open = shouldOpen
    try {
      if (shouldOpen) writeFileSync(this.path, '', { mode: 0o600 })
      else rmSync(this.path, { force: true })
    } catch {
      // Swallow: the pane's directory is gone (the pane is ending); gated hooks then stay quiet.
    }
  }

  dispose(): void {
    rmSync(this.path, { force: true })
  }
}
