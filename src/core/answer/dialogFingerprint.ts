/**
 * A dialog instance's fingerprint, so an answer lands on the dialog the user saw and on no other
 * (PEERS.md §5.3: compare-and-swap answering). Two Bash permission dialogs look alike — same
 * title, same options — so the fingerprint also covers the rows around the dialog (the command
 * it asks about), when the pane entered its state, and the agent's request when it reported one.
 */
import type { DialogInfo, PaneState } from '../../shared/domain/pane'

export interface DialogInstance {
  readonly state: PaneState
  /** When the pane entered the dialog state: a dialog closed and reopened has a new one. */
  readonly since: number
  readonly dialog: DialogInfo
  /** The screen rows that show the dialog (see dialogBody). */
  readonly body: readonly string[]
  /** The agent's report behind the dialog (event and time), when it reported one. */
  readonly requestId: string | null
}

/** Rows above the dialog's title that are part of it (Claude: the tool and the command). */
const ROWS_ABOVE_TITLE = 6

/**
 * The top of a dialog: the box around it (Hermes) or the rule over it (Claude Code). Rows above it
 * are the transcript, which the agent may print into while the dialog is open (Hermes' "preparing
 * clarify…" row lands before or after its box is drawn): they are not the dialog.
 */
const DIALOG_TOP = /^\s*(?:[╭┌]|[─━═]{8,}\s*$)/u

/** The cursor marks the highlighted option, inside a box's border too; moving it with the arrows does not change the dialog. */
const SELECTION_MARK = /^(\s*[│┃]?)[\s❯›>→▸▶]+/u

function normalize(row: string): string {
  return row.replace(SELECTION_MARK, '$1 ').replace(/\s+/g, ' ').trim()
}

/** The first row of the dialog whose title is on `titleRow`: its top within a few rows above, else those rows. */
function firstRow(lines: readonly string[], titleRow: number): number {
  const highest = Math.max(0, titleRow - ROWS_ABOVE_TITLE)
  for (let i = titleRow; i >= highest; i--) if (DIALOG_TOP.test(lines[i] ?? '')) return i
  return highest
}

/**
 * The rows of the screen that show the dialog: from its top (see DIALOG_TOP), or a few rows above
 * its title, down to its last option, with the selection cursor and spacing normalised away. Falls back to the rows that
 * hold an option when the title is not on screen.
 */
export function dialogBody(lines: readonly string[], dialog: DialogInfo): string[] {
  const titleRow = dialog.title ? lines.findIndex((l) => l.includes(dialog.title)) : -1
  const optionRows = lines.map((l, i) => (dialog.options.some((o) => l.includes(o.label)) ? i : -1)).filter((i) => i >= 0 && i >= titleRow)
  if (titleRow < 0) return optionRows.map((i) => normalize(lines[i] ?? '')).filter(Boolean)
  const end = optionRows.length ? Math.max(...optionRows) : titleRow
  return lines
    .slice(firstRow(lines, titleRow), end + 1)
    .map(normalize)
    .filter(Boolean)
}

/** FNV-1a, 32 bits, twice with different seeds: stable, pure, and enough to tell dialogs apart. */
function fnv1a(text: string, seed: number): string {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}

export function dialogFingerprint(instance: DialogInstance): string {
  const { state, since, dialog, body, requestId } = instance
  const text = JSON.stringify([state, since, dialog.kind, dialog.title, dialog.options.map((o) => [o.key, o.label]), body, requestId])
  return `dlg-${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}`
}

/** Everything of the fingerprint but the screen rows: what a resize cannot change (the rows wrap anew). */
export function dialogIdentity(instance: DialogInstance): string {
  const { state, since, dialog, requestId } = instance
  return JSON.stringify([state, since, dialog.kind, dialog.title, dialog.options.map((o) => [o.key, o.label]), requestId])
}

/**
 * How long after a dialog is first seen at a new size its rows may still change there as the
 * program's redraw for the resize arrives: Claude Code 2.1.332 redraws its trust dialog in more
 * than one write, and a read between them (the answer box's, a click's) took a half-drawn dialog
 * for another one (test/agents/claude/trustFromCli.test.ts, at load 7-15).
 */
export const RESIZE_REDRAW_MS = 2_000

/**
 * One pane's dialog instance across terminal sizes. The fingerprint covers the rows that show
 * the dialog, and a resize rewraps them (a pane started from the CLI at 120x32 is fitted to the
 * window that shows it, and the program draws its dialog again): the same dialog then has
 * another fingerprint at each size. Fed every fingerprint taken, this says which earlier ones
 * were of the same instance: same state entered at the same moment, same title, options and
 * agent request, seen at another size, and no other rows seen since at the same size (that is
 * another dialog) — except while the redraw for the resize is still arriving (RESIZE_REDRAW_MS
 * from the first sighting at the new size). What it cannot see: a dialog replaced by a
 * look-alike during a resize, with no report and no change of state in between — the rows of
 * the earlier size are gone by then.
 *
 * The agent's report of a dialog may also come after the screen showed it (Hermes' clarify
 * question under load, hermes.test in CI): the instance then gains its request, and with it a new
 * fingerprint, while the user looks at the same dialog. The fingerprints taken before the report
 * stay the instance's as long as the rows did not change with it; a second report replacing a
 * first one is another request, so another dialog.
 */
export class DialogSightings {
  private identity: string | null = null
  /** "colsxrows" → the fingerprint the instance had at that size, and when it was first seen there. */
  private readonly bySize = new Map<string, { print: string; firstAt: number }>()
  /** The instance's fingerprints from before its agent's report arrived. */
  private readonly beforeReport = new Set<string>()

  /** Records a fingerprint taken at `size` at time `at` (ms); returns the instance's other fingerprints (other sizes, before its report). */
  see(instance: DialogInstance, size: { readonly cols: number; readonly rows: number }, fingerprint: string, at: number): readonly string[] {
    const identity = dialogIdentity(instance)
    const where = `${size.cols}x${size.rows}`
    if (identity !== this.identity && this.reportedLate(instance, this.bySize.get(where)?.print)) {
      for (const seen of this.bySize.values()) this.beforeReport.add(seen.print)
      this.bySize.clear()
      this.identity = identity
    }
    const before = this.bySize.get(where)
    const redrawing = before !== undefined && this.bySize.size > 1 && at - before.firstAt <= RESIZE_REDRAW_MS
    if (identity !== this.identity || (before !== undefined && before.print !== fingerprint && !redrawing)) {
      this.identity = identity
      this.bySize.clear()
      this.beforeReport.clear()
    }
    this.bySize.set(where, { print: fingerprint, firstAt: this.bySize.get(where)?.firstAt ?? at })
    return [...[...this.bySize].flatMap(([size, seen]) => (size === where ? [] : [seen.print])), ...this.beforeReport]
  }

  /** No dialog on screen: nothing seen before is the same instance as what comes next. */
  clear(): void {
    this.identity = null
    this.bySize.clear()
    this.beforeReport.clear()
  }

  /** The instance now carries a request, and without it it is exactly what was last seen at this size (same rows, same moment). */
  private reportedLate(instance: DialogInstance, lastHere: string | undefined): boolean {
    return instance.requestId !== null && lastHere !== undefined && dialogFingerprint({ ...instance, requestId: null }) === lastHere
  }
}
