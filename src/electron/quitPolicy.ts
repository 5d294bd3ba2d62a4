/**
 * What quitting the desktop app does to the board (a daemon that outlives the app), as pure
 * functions: Electron's dialog is only the `ask` callback.
 */
export type OnQuit = 'ask' | 'keep' | 'end'
export type QuitDecision = { readonly action: 'keep' | 'end' | 'cancel'; readonly remember: 'keep' | 'end' | null }

/** The dialog's buttons, in order; the answer is the index of the one pressed. */
export const QUIT_BUTTONS = ['Keep agents running', 'End every pane', 'Cancel'] as const

export interface QuitAnswer {
  readonly button: number
  readonly remember: boolean
}

export async function decideQuit(setting: OnQuit, ask: () => Promise<QuitAnswer>): Promise<QuitDecision> {
  if (setting !== 'ask') return { action: setting, remember: null }
  const answer = await ask()
  const action = answer.button === 0 ? 'keep' : answer.button === 1 ? 'end' : 'cancel'
  // "Remember" with Cancel remembers nothing: cancelling is not a choice of what quitting does.
  return { action, remember: answer.remember && action !== 'cancel' ? action : null }
}

/** The notification when the last window closes: the agents are still there, and where to find them. */
export function keptRunningText(panes: number): { title: string; body: string } {
  const what = panes === 0 ? 'The board keeps running' : `${panes} pane${panes === 1 ? '' : 's'} keep${panes === 1 ? 's' : ''} running`
  return { title: 'Switchboard is still running', body: `${what} in the background. Open it again from the tray icon; Quit there ends the app.` }
}
