/**
 * Reading the renderer's xterm from the page through its test hook (`window.__switchboardTerminal`),
 * never from the DOM: xterm paints on the next animation frame, the buffer is the truth.
 * The page functions are typed against the small part of xterm's API they use (this project's
 * e2e compiles without DOM types).
 */
import type { Page } from 'playwright-core'

interface BufferLike {
  readonly length: number
  getLine(y: number): { translateToString(trimRight: boolean): string } | undefined
}
export interface TermLike {
  readonly buffer: { readonly active: BufferLike }
  readonly rows: number
  readonly cols: number
  write(data: string, done?: () => void): void
  onData(listener: (data: string) => void): { dispose(): void }
}
export type HookGlobal = { __switchboardTerminal?: TermLike }

/** All buffer lines (scrollback included), right-trimmed. Runs in the page. */
export async function bufferLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const term = (globalThis as unknown as HookGlobal).__switchboardTerminal
    if (!term) return []
    const b = term.buffer.active
    const lines: string[] = []
    for (let y = 0; y < b.length; y++) lines.push(b.getLine(y)?.translateToString(true) ?? '')
    return lines
  })
}

/** Waits for the terminal of `paneId` to be attached (its snapshot written) and hooked. */
export async function waitForAttached(page: Page, paneId: string): Promise<void> {
  await page.locator(`[data-testid="terminal"][data-pane-id="${paneId}"][data-attached="true"]`).waitFor()
  await page.waitForFunction(() => (globalThis as unknown as HookGlobal).__switchboardTerminal !== undefined)
}

/** Waits until some buffer line satisfies the pattern (a string means the whole line). */
export async function waitForLine(page: Page, pattern: string | RegExp, timeout = 15_000): Promise<string> {
  const source = typeof pattern === 'string' ? null : { source: pattern.source, flags: pattern.flags }
  const exact = typeof pattern === 'string' ? pattern : null
  const handle = await page.waitForFunction(
    ({ exact, source }) => {
      const term = (globalThis as unknown as HookGlobal).__switchboardTerminal
      if (!term) return false
      const re = source ? new RegExp(source.source, source.flags) : null
      const b = term.buffer.active
      for (let y = 0; y < b.length; y++) {
        const line = b.getLine(y)?.translateToString(true) ?? ''
        if (exact !== null ? line === exact : re?.test(line)) return line
      }
      return false
    },
    { exact, source },
    { timeout, polling: 50 },
  )
  return (await handle.jsonValue()) as string
}

/** The terminal's size in cells. */
export async function terminalSize(page: Page): Promise<{ cols: number; rows: number }> {
  return page.evaluate(() => {
    const term = (globalThis as unknown as HookGlobal).__switchboardTerminal
    return { cols: term?.cols ?? 0, rows: term?.rows ?? 0 }
  })
}
