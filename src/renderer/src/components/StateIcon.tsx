import type { PaneState } from '../../../shared/domain/pane'

/** A 12 px glyph per state; each has its own shape so states differ without colour too. */
export function StateIcon({ state }: { state: PaneState }) {
  const common = { width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': true, className: `state-icon state-icon--${state}` } as const
  switch (state) {
    case 'working':
      return (
        <svg {...common}>
          <circle cx="6" cy="6" r="4.5" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="1.6" />
          <path d="M6 1.5a4.5 4.5 0 0 1 4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      )
    case 'blocked':
      return (
        <svg {...common}>
          <path d="M4 1h4l3 3v4l-3 3H4L1 8V4z" fill="currentColor" />
          <path d="M6 3.5v3M6 8.3v.2" stroke="var(--bg-0)" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
      )
    case 'question':
    case 'asked':
      return (
        <svg {...common}>
          <circle cx="6" cy="6" r="5" fill="currentColor" />
          <path d="M4.5 4.6a1.5 1.5 0 1 1 2.1 1.4c-.4.2-.6.5-.6.9v.3M6 8.9v.1" fill="none" stroke="var(--bg-0)" strokeWidth="1.3" strokeLinecap="round" />
        </svg>
      )
    case 'input':
      return (
        <svg {...common}>
          <rect x="1" y="3" width="10" height="6" rx="1" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M3.5 7.5h5" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
      )
    case 'idle':
      return (
        <svg {...common}>
          <circle cx="6" cy="6" r="4" fill="currentColor" />
        </svg>
      )
    case 'exited':
      return (
        <svg {...common}>
          <rect x="2" y="2" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      )
    case 'starting':
      return (
        <svg {...common}>
          <circle cx="6" cy="6" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeDasharray="2 2" />
        </svg>
      )
    case 'reconnecting':
      return (
        <svg {...common}>
          <path d="M2 6a4 4 0 0 1 7-2.6M10 6a4 4 0 0 1-7 2.6" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
          <path d="M9.4 1.6v2.2H7.2M2.6 10.4V8.2h2.2" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" />
        </svg>
      )
    case 'unknown':
      return (
        <svg {...common}>
          <circle cx="6" cy="6" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M3.8 6h4.4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      )
  }
}
