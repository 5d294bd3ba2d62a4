import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DialogSnapshot } from '../../../../shared/domain/answer'
import { DialogAnswer } from './DialogAnswer'

const question: DialogSnapshot = {
  paneId: '3',
  state: 'question',
  since: 0,
  agent: 'claude',
  dialog: {
    kind: 'question',
    title: 'Which database?',
    options: [
      { key: '1', label: 'PostgreSQL' },
      { key: '2', label: 'SQLite' },
      { key: '3', label: 'Type something.' },
    ],
  },
  fingerprint: 'fp-q',
  optionsAnswerable: true,
  denyAnswerable: true,
  freeTextKey: '3',
  optionLabels: [],
}

function setup(snapshot: DialogSnapshot | null = question) {
  const props = { onOption: vi.fn(), onDeny: vi.fn(), onFreeText: vi.fn(async () => true), onShowTerminal: vi.fn() }
  render(<DialogAnswer snapshot={snapshot} busy={false} {...props} />)
  return props
}

describe('DialogAnswer', () => {
  it('offers the dialog’s own options; a digit pressed on them chooses that option', async () => {
    const props = setup()
    expect(screen.getAllByTestId('dialog-option').map((b) => b.textContent)).toEqual(['1PostgreSQL', '2SQLite', '3Type something.'])
    screen.getByRole('button', { name: 'Option 1: PostgreSQL' }).focus()
    await userEvent.keyboard('2')
    expect(props.onOption).toHaveBeenCalledWith('2', 'SQLite')
    await userEvent.keyboard('{Escape}')
    expect(props.onDeny).toHaveBeenCalledTimes(1)
  })

  it('the free-text option opens a field for that dialog: Enter sends the text, Esc goes back to the options', async () => {
    const props = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Option 3: Type something. (type your answer)' }))
    const field = screen.getByTestId('dialog-free-text')
    expect(document.activeElement).toBe(field)
    await userEvent.keyboard('MySQL{Enter}')
    expect(props.onFreeText).toHaveBeenCalledWith('3', 'MySQL')
    // The field closes once the send resolves (a render after it), not within the keystroke.
    await waitFor(() => expect(screen.queryByTestId('dialog-free-text')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Option 3: Type something. (type your answer)' }))
    await userEvent.keyboard('{Escape}')
    expect(screen.getAllByTestId('dialog-option')).toHaveLength(3)
    expect(props.onOption).not.toHaveBeenCalled()
  })

  it('says so where the board does not know the keys, and points to the terminal', async () => {
    const props = setup({ ...question, agent: 'pi', optionsAnswerable: false })
    expect(screen.getByTestId('dialog-answer').textContent).toContain('does not know which keys answer pi’s dialog')
    await userEvent.click(screen.getByRole('button', { name: 'Go to the terminal' }))
    expect(props.onShowTerminal).toHaveBeenCalled()
    expect(screen.queryAllByTestId('dialog-option')).toEqual([])
  })

  it('waits for the dialog to be read from the screen before offering anything', () => {
    setup(null)
    expect(screen.getByTestId('dialog-answer').textContent).toBe('')
  })
})
