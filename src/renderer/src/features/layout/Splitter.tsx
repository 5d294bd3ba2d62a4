import type { KeyboardEvent, PointerEvent } from 'react'

interface SplitterProps {
  readonly orientation: 'vertical' | 'horizontal'
  /** Share of the container before the splitter (0.2–0.8). */
  readonly value: number
  readonly onChange: (value: number) => void
  /** The element whose box the share is measured against. */
  readonly container: () => HTMLElement | null
  readonly area: string
  readonly label: string
}

const STEP = 0.05

/**
 * A draggable divider between grid cells, also moved with the arrow keys when focused (a
 * separator with its value, so a screen reader says where it is).
 */
export function Splitter({ orientation, value, onChange, container, area, label }: SplitterProps) {
  const vertical = orientation === 'vertical'
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const box = container()?.getBoundingClientRect()
    if (!box) return
    event.preventDefault()
    const target = event.currentTarget
    target.setPointerCapture(event.pointerId)
    const move = (e: globalThis.PointerEvent) => onChange(vertical ? (e.clientX - box.left) / box.width : (e.clientY - box.top) / box.height)
    const up = () => {
      target.removeEventListener('pointermove', move)
      target.removeEventListener('pointerup', up)
      target.removeEventListener('pointercancel', up)
    }
    target.addEventListener('pointermove', move)
    target.addEventListener('pointerup', up)
    target.addEventListener('pointercancel', up)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const less = vertical ? 'ArrowLeft' : 'ArrowUp'
    const more = vertical ? 'ArrowRight' : 'ArrowDown'
    if (event.key === less || event.key === more) {
      event.preventDefault()
      onChange(value + (event.key === more ? STEP : -STEP))
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      onChange(event.key === 'Home' ? 0.2 : 0.8)
    }
  }
  return (
    <div
      className={`splitter splitter--${orientation}`}
      style={{ gridArea: area }}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuemin={20}
      aria-valuemax={80}
      aria-valuenow={Math.round(value * 100)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onChange(0.5)}
      data-testid="splitter"
    />
  )
}
