import { chromium, type Browser } from 'playwright-core'

/**
 * Debian's Chromium, headless, as every e2e test runs it: no sandbox (root in CI), no GPU, and no
 * traffic of its own (background networking, component updates, sync) — only the board on loopback.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  })
}
