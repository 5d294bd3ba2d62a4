/** The few UI glyphs the board uses, drawn inline (no icon font: the CSP allows no remote fonts). */
export type IconName = 'plus' | 'close' | 'stop' | 'trash' | 'terminal' | 'warning'

const PATHS: Record<IconName, string> = {
  plus: 'M8 3v10M3 8h10',
  close: 'M4 4l8 8M12 4l-8 8',
  stop: 'M4.5 4.5h7v7h-7z',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5',
  terminal: 'M2.5 3.5h11v9h-11zM5 6.5l2 1.5-2 1.5M8.5 10h2.5',
  warning: 'M8 2.5l6 10.5H2zM8 6.5v3M8 11.2v.1',
}

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
