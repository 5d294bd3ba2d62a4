import type { NotifyMode } from '../../../../shared/domain/attention'

/** How the notification modes read in the pane menu and the settings. */
export const MODE_LABELS: Record<NotifyMode, string> = { all: 'All', attention: 'Attention only', none: 'None' }
