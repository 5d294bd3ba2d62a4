/** Steps and probes the board e2e tests share: notifications, the answer box, the control CLI. */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { ROOT } from './boardServer'
import { bufferLines } from './terminalProbe'

/** What the page's Web Notifications raised (see installNotificationRecorder). */
export interface RaisedNotification {
  readonly title: string
  readonly body: string
  readonly tag: string
  readonly silent: boolean
  readonly at: number
}

/**
 * Replaces the page's `Notification` with a recorder before the app loads: permission starts
 * "default" (the app must ask), and every notification is kept so the test can read and click it.
 * Runs in the page.
 */
export function installNotificationRecorder(): void {
  type Note = { title: string; body: string; tag: string; silent: boolean; at: number; onclick: (() => void) | null; closed: boolean }
  const raised: Note[] = []
  let permission = 'default'
  class RecordingNotification {
    private readonly note: Note
    static get permission(): string {
      return permission
    }
    static requestPermission(): Promise<string> {
      permission = 'granted'
      return Promise.resolve(permission)
    }
    constructor(title: string, options: { body?: string; tag?: string; silent?: boolean } = {}) {
      const note: Note = {
        title,
        body: options.body ?? '',
        tag: options.tag ?? '',
        silent: options.silent ?? false,
        at: Date.now(),
        onclick: null,
        closed: false,
      }
      raised.push(note)
      this.note = note
    }
    set onclick(fn: (() => void) | null) {
      this.note.onclick = fn
    }
    get onclick(): (() => void) | null {
      return this.note.onclick
    }
    close(): void {
      this.note.closed = true
    }
  }
  const g = globalThis as unknown as Record<string, unknown>
  Object.defineProperty(g, 'Notification', { value: RecordingNotification, configurable: true, writable: true })
  g.__raised = raised
}

export async function raisedNotifications(page: Page): Promise<RaisedNotification[]> {
  return page.evaluate(() => {
    const raised = (globalThis as unknown as { __raised: RaisedNotification[] }).__raised
    return raised.map(({ title, body, tag, silent, at }) => ({ title, body, tag, silent, at }))
  })
}

/** Clicks notification `index`, as the user would on the desktop. */
export async function clickNotification(page: Page, index: number): Promise<void> {
  await page.evaluate((i) => (globalThis as unknown as { __raised: { onclick: (() => void) | null }[] }).__raised[i]?.onclick?.(), index)
}

export function paneItem(page: Page, id: string, state?: string) {
  return page.locator(`[data-testid="pane-item"][data-pane-id="${id}"]${state ? `[data-state="${state}"]` : ''}`)
}

/**
 * Waits for pane `id` to show `state`. On a timeout the error says what the board showed instead
 * (the pane's state, its last report, the answer box's notice, the shown terminal's last rows) and
 * a screenshot is left in e2e/artifacts: a CI run under load keeps nothing else to tell why.
 */
export async function waitForPaneState(page: Page, id: string, state: string, timeout = 20_000): Promise<void> {
  try {
    await paneItem(page, id, state).waitFor({ timeout })
  } catch (err) {
    throw new Error(`pane ${id} did not read ${state} within ${timeout} ms\n${await whatTheBoardShows(page, id, `timeout-pane${id}-${state}`)}`, { cause: err })
  }
}

/** What a failed wait reports (best effort: the page may be gone). */
async function whatTheBoardShows(page: Page, id: string, name: string): Promise<string> {
  const text = async (testId: string) =>
    (
      await page
        .getByTestId(testId)
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null)
    )?.trim() ?? '(none)'
  const shownState = await paneItem(page, id)
    .getAttribute('data-state', { timeout: 1000 })
    .catch(() => '(no pane item)')
  const rows = (await bufferLines(page).catch(() => [] as string[])).filter((l) => l.length > 0).slice(-25)
  const file = join(ROOT, 'e2e', 'artifacts', `${name}-${Date.now()}.png`)
  const saved = await page
    .screenshot({ path: file })
    .then(() => file)
    .catch((e: unknown) => `no screenshot (${String(e)})`)
  return [
    `state shown: ${shownState}`,
    `last report: ${await text('pane-header-last-report')}`,
    `answer box says: ${await text('answer-message')}`,
    `screenshot: ${saved}`,
    'the shown terminal, last rows:',
    ...rows.map((l) => `  | ${l}`),
  ].join('\n')
}

/** Types into the answer box and presses Enter (the box sends the line, then Enter apart). */
export async function answerText(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('answer-input')
  await input.fill(text)
  await input.press('Enter')
}

/** `switchboard write` through the control socket: drives a pane the page is not showing. */
export function cliWrite(socketPath: string, paneId: string, text: string, escapes = false): void {
  execFileSync(process.execPath, [join(ROOT, 'out/main/cli.js'), '--socket', socketPath, 'write', paneId, text, ...(escapes ? ['--escapes'] : [])])
}

/** Submits a prompt like a person at the keyboard: the line, then Enter on its own. */
export async function cliSubmit(socketPath: string, paneId: string, text: string): Promise<void> {
  cliWrite(socketPath, paneId, text)
  await new Promise((r) => setTimeout(r, 100))
  cliWrite(socketPath, paneId, '\\r', true)
}

/** The recorded program's input log (castHold.cjs): what reached it, and its holds. */
export interface CastLogEntry {
  readonly t: number
  readonly input?: string
  readonly hold?: string
  readonly released?: string
}
export function castLog(file: string): CastLogEntry[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CastLogEntry)
}
/** Typed input only: no focus reports or query answers. */
export function typedInput(file: string): CastLogEntry[] {
  // The terminal's own reports (focus in/out, answers to queries) are stripped, not only entries
  // made of them: on a loaded machine a click's focus-out and the answer's key share one read.
  // eslint-disable-next-line no-control-regex
  const reports = /\x1b\[[IO]|\x1b\[[?>=]?[\d;]*[cnR]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g
  return castLog(file)
    .map((e) => (e.input === undefined ? e : { ...e, input: e.input.replace(reports, '') }))
    .filter((e) => e.input !== undefined && e.input !== '')
}

/**
 * Waits until the recorded program waits at a `label` marker (its latest hold, not released yet).
 * `after`: the log's length before an action that releases a hold at the same label; only a hold
 * logged since counts (the old one is still the latest until the program reads the input).
 */
export async function waitForHold(file: string, label: string, { after = 0, timeoutMs = 20_000 }: { after?: number; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const log = castLog(file)
    const last = log.filter((e) => e.hold !== undefined || e.released !== undefined).at(-1)
    if (last?.hold === label && log.lastIndexOf(last) >= after) return
    if (Date.now() > deadline)
      throw new Error(
        `the recording did not wait at ${label} (after entry ${after}); last hold: ${JSON.stringify(last)}; what reached it last: ${JSON.stringify(log.slice(-6))}`,
      )
    await new Promise((r) => setTimeout(r, 25))
  }
}

/**
 * Records every state each pane's sidebar row shows, as it changes (a MutationObserver in the
 * page), so a short `working` between two idles is seen however briefly it lasted. Runs in the page.
 */
export function installStateRecorder(): void {
  const g = globalThis as unknown as {
    __states: Record<string, string[]>
    document: { querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }> }
    MutationObserver: new (cb: () => void) => { observe(target: unknown, options: unknown): void }
  }
  g.__states = {}
  // No named local functions: the test runner's transpiler would wrap them in a helper the page lacks.
  new g.MutationObserver(() => {
    const rows = g.document.querySelectorAll('[data-testid="pane-item"]')
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i]!.getAttribute('data-pane-id') ?? ''
      const state = rows[i]!.getAttribute('data-state') ?? ''
      const seen = (g.__states[id] ??= [])
      if (seen.at(-1) !== state) seen.push(state)
    }
    // The document itself: init scripts run before it has an element to observe.
  }).observe(g.document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] })
}

/** The states pane `id` has shown, in order (consecutive repeats collapsed). */
export async function statesSeen(page: Page, id: string): Promise<string[]> {
  return page.evaluate((pane) => (globalThis as unknown as { __states: Record<string, string[]> }).__states[pane] ?? [], id)
}

/** Waits until pane `id` has shown `states` in this order, after the first `from` states it had shown. */
export async function waitForStates(page: Page, id: string, from: number, states: readonly string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const seen = (await statesSeen(page, id)).slice(from)
    let i = 0
    for (const s of seen) if (s === states[i]) i++
    if (i === states.length) return
    if (Date.now() > deadline) throw new Error(`pane ${id} never showed ${states.join(' → ')}; it showed ${seen.join(' → ')}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
