/**
 * How many panes need you, where it shows outside the page: the tab title ("(2) Switchboard"),
 * the favicon (a count on the icon) and the app badge where the platform has one (Electron's dock
 * and taskbar through the Badging API; installed web apps).
 */
import { useAttentionStore } from '../../store/attentionStore'
import { useBoardStore } from '../../store/boardStore'
import { currentNeedsYou } from '../needsYou/needsYouItems'

const BASE_TITLE = 'Switchboard'

function favicon(count: number): string {
  const badge =
    count > 0
      ? `<circle cx='12' cy='4.5' r='4.5' fill='%23f4645f'/><text x='12' y='7' font-size='7' font-family='sans-serif' font-weight='700' text-anchor='middle' fill='white'>${count > 9 ? '9+' : count}</text>`
      : ''
  return `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='4' fill='%233b82f6'/>${badge}</svg>`
}

type BadgingNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

export function startAttentionIndicators(): () => void {
  let last = -1
  const update = () => {
    const count = currentNeedsYou().length
    if (count === last) return
    last = count
    document.title = count > 0 ? `(${count}) ${BASE_TITLE}` : BASE_TITLE
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (link) link.href = favicon(count)
    const nav = navigator as BadgingNavigator
    // Swallow: the Badging API refuses outside installed apps; the title still shows the count.
    if (count > 0) nav.setAppBadge?.(count).catch(() => undefined)
    else nav.clearAppBadge?.().catch(() => undefined)
  }
  update()
  const unsubscribe = [useBoardStore.subscribe(update), useAttentionStore.subscribe(update)]
  return () => unsubscribe.forEach((u) => u())
}
