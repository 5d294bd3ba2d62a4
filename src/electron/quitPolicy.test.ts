import { describe, expect, it } from 'vitest'
import { decideQuit, keptRunningText, QUIT_BUTTONS } from './quitPolicy'

describe('quitting the desktop app', () => {
  it('asks only when the setting says ask, and remembers the choice only when told to', async () => {
    const never = () => Promise.reject(new Error('must not ask'))
    expect(await decideQuit('keep', never)).toEqual({ action: 'keep', remember: null })
    expect(await decideQuit('end', never)).toEqual({ action: 'end', remember: null })
    expect(await decideQuit('ask', async () => ({ button: 0, remember: false }))).toEqual({ action: 'keep', remember: null })
    expect(await decideQuit('ask', async () => ({ button: 1, remember: true }))).toEqual({ action: 'end', remember: 'end' })
    expect(await decideQuit('ask', async () => ({ button: 0, remember: true }))).toEqual({ action: 'keep', remember: 'keep' })
    // Cancel (or the dialog closed) quits nothing and remembers nothing.
    expect(await decideQuit('ask', async () => ({ button: 2, remember: true }))).toEqual({ action: 'cancel', remember: null })
    expect(QUIT_BUTTONS).toEqual(['Keep agents running', 'End every pane', 'Cancel'])
  })

  it('says how many panes run on when the window closes', () => {
    expect(keptRunningText(3).body).toMatch(/^3 panes keep running in the background/)
    expect(keptRunningText(1).body).toMatch(/^1 pane keeps running/)
    expect(keptRunningText(0).body).toMatch(/^The board keeps running/)
  })
})
