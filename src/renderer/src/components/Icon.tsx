/** The few UI glyphs the board uses, drawn inline (no icon font: the CSP allows no remote fonts). */
export type IconName =
  | 'plus'
  | 'close'
  | 'stop'
  | 'trash'
  | 'terminal'
  | 'warning'
  | 'settings'
  | 'keyboard'
  | 'single'
  | 'grid'
  | 'bell'
  | 'send'
  | 'folder'
  | 'jump'
  | 'check'
  | 'bell-off'
  | 'menu'
  | 'sidebar'
  | 'search'
  | 'chevron-up'
  | 'chevron-down'

const PATHS: Record<IconName, string> = {
  plus: 'M8 3v10M3 8h10',
  close: 'M4 4l8 8M12 4l-8 8',
  stop: 'M4.5 4.5h7v7h-7z',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5',
  terminal: 'M2.5 3.5h11v9h-11zM5 6.5l2 1.5-2 1.5M8.5 10h2.5',
  warning: 'M8 2.5l6 10.5H2zM8 6.5v3M8 11.2v.1',
  settings:
    'M8 5.6a2.4 2.4 0 1 0 0 4.8 2.4 2.4 0 0 0 0-4.8zM8 1.8v1.6M8 12.6v1.6M12.4 3.6l-1.1 1.1M4.7 11.3l-1.1 1.1M14.2 8h-1.6M3.4 8H1.8M12.4 12.4l-1.1-1.1M4.7 4.7L3.6 3.6',
  keyboard: 'M1.5 4.5h13v7h-13zM4 7h.1M6.5 7h.1M9 7h.1M11.5 7h.1M5 9.5h6',
  single: 'M2.5 2.5h11v11h-11z',
  grid: 'M2.5 2.5h11v11h-11zM8 2.5v11M2.5 8h11',
  bell: 'M4 11V7a4 4 0 0 1 8 0v4l1 1.5H3zM6.5 13.5a1.5 1.5 0 0 0 3 0',
  send: 'M2.5 8l11-5-4 11-2-4.5zM7.5 9.5l6-6.5',
  folder: 'M1.5 4h4.5l1.5 1.5h7v7h-13z',
  jump: 'M3 8h9M9 4.5L12.5 8 9 11.5',
  check: 'M3 8.5l3 3 7-7',
  'bell-off': 'M4 11V7a4 4 0 0 1 6.5-3.1M12 7v4l1 1.5H6M6.5 13.5a1.5 1.5 0 0 0 3 0M2.5 2.5l11 11',
  menu: 'M3.5 8h.1M8 8h.1M12.5 8h.1',
  sidebar: 'M2.5 2.5h11v11h-11zM6 2.5v11',
  search: 'M7 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM10 10l3.5 3.5',
  'chevron-up': 'M4 10l4-4 4 4',
  'chevron-down': 'M4 6l4 4 4-4',
}

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
