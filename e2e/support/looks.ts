/**
 * The visual pass's four looks — 1400×900 and 800×600, dark and light — for checks that must
 * hold in each, with the theme following the system's (the board's default setting).
 */
import type { Page } from 'playwright-core'

export interface Look {
  readonly width: number
  readonly height: number
  readonly theme: 'dark' | 'light'
  /** For file names and failure messages: "dark-1400x900". */
  readonly name: string
}

export const LOOKS: readonly Look[] = (
  [
    [1400, 900, 'dark'],
    [1400, 900, 'light'],
    [800, 600, 'dark'],
    [800, 600, 'light'],
  ] as const
).map(([width, height, theme]) => ({ width, height, theme, name: `${theme}-${width}x${height}` }))

/** Puts the page in a look: its window size, and the system theme the board follows. */
export async function useLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize({ width: look.width, height: look.height })
  await page.emulateMedia({ colorScheme: look.theme })
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, look.theme)
}

/** Waits until the layout has settled after a resize: two animation frames with nothing pending. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}
