import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * A row that never cuts its items: as many as fit whole are shown, in order; the rest are hidden
 * (and shown elsewhere: a menu). The row's children must not shrink (flex: none). Re-measured
 * when the row is resized and when `key` (what the items say) changes. Returns how many show.
 */
export function useFold(row: RefObject<HTMLElement | null>, key: string): number {
  const [shown, setShown] = useState(Number.MAX_SAFE_INTEGER)
  useLayoutEffect(() => {
    const el = row.current
    if (!el) return
    const measure = () => {
      const items = [...el.children] as HTMLElement[]
      for (const item of items) item.style.display = ''
      const available = el.clientWidth
      const gap = parseFloat(getComputedStyle(el).columnGap) || 0
      let used = 0
      let fit = 0
      for (const item of items) {
        const width = item.getBoundingClientRect().width
        if (used + width > available + 0.5) break
        used += width + gap
        fit++
      }
      items.forEach((item, i) => (item.style.display = i < fit ? '' : 'none'))
      setShown(fit)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [row, key])
  return shown
}
