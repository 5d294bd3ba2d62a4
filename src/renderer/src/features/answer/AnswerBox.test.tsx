import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DialogSnapshot } from '../../../../shared/domain/answer'
import { fakeApi, pane } from '../../test/fakeApi'
import { AnswerBox } from './AnswerBox'

const dialog: DialogSnapshot = {
  paneId: '3',
  state: 'blocked',
  since: 0,
  agent: 'claude',
  dialog: {
    kind: 'permission',
    title: 'Do you want to proceed?',
    options: [
      { key: '1', label: 'Yes' },
      { key: '2', label: 'No' },
    ],
  },
  fingerprint: 'fp-1',
  optionsAnswerable: true,
  denyAnswerable: true,
  freeTextKey: null,
  optionLabels: [],
}

describe('AnswerBox', () => {
  it('sends the line typed for an idle agent as the state it saw, and says what main did', async () => {
    const { wrap, of } = fakeApi({ 'pane:answer': () => ({ ok: true, sent: 'the text, then Enter' }) })
    render(<AnswerBox pane={pane()} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input')
    expect(input.getAttribute('placeholder')).toBe('Reply to the agent… (Shift+Enter for a new line)')
    await userEvent.type(input, 'Fix it{Enter}')
    await waitFor(() => expect(screen.getByTestId('answer-message').textContent).toContain('Sent the text, then Enter.'))
    expect(of('pane:answer')).toEqual([['3', { kind: 'text', text: 'Fix it', seen: 'idle' }]])
    expect((input as HTMLTextAreaElement).value).toBe('')
  })

  it('offers a shell a line for its program, and nothing to an ended one', () => {
    const { wrap } = fakeApi()
    const { rerender } = render(<AnswerBox pane={pane({ agent: null, command: ['/bin/bash'] })} />, { wrapper: wrap })
    expect(screen.getByTestId('answer-input').getAttribute('placeholder')).toBe('A line for bash… (Shift+Enter for a new line)')
    rerender(
      <AnswerBox pane={pane({ agent: null, command: ['/bin/bash'], exit: { code: 0, signal: null }, verdict: { state: 'idle', since: 0, evidence: [] } })} />,
    )
    expect(screen.getByTestId('answer-input').hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('answer-send').hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('answer-box').textContent).toContain('The program has ended')
  })

  it('shows a refusal with its reason, and offers "Send anyway" where the agent is working', async () => {
    const { wrap, of } = fakeApi({ 'pane:answer': () => ({ ok: false, reason: 'busy', message: 'The agent is working.' }) })
    render(<AnswerBox pane={pane({ verdict: { state: 'working', since: 0, evidence: [] } })} />, { wrapper: wrap })
    await userEvent.type(screen.getByTestId('answer-input'), 'now')
    await userEvent.click(screen.getByTestId('answer-send-anyway'))
    await waitFor(() => expect(screen.getByTestId('answer-message').getAttribute('data-reason')).toBe('busy'))
    expect(of('pane:answer')[0]).toEqual(['3', { kind: 'text', text: 'now', seen: 'working', sendAnyway: true }])
  })

  it("in a dialog: the dialog's options only, and Esc on them denies that dialog instance", async () => {
    const { wrap, of } = fakeApi({ 'pane:dialog': () => dialog, 'pane:answer': () => ({ ok: true, sent: 'Esc (deny)' }) })
    render(<AnswerBox pane={pane({ verdict: { state: 'blocked', since: 0, evidence: [] }, dialog: dialog.dialog })} />, { wrapper: wrap })
    const first = await screen.findByRole('button', { name: 'Option 1: Yes' })
    expect(screen.queryByTestId('answer-input')).toBeNull()
    first.focus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(of('pane:answer')).toEqual([['3', { kind: 'deny', fingerprint: 'fp-1' }]]))
  })

  it('says when the program did not take the line, and "Send again" sends the same line bound to that delivery', async () => {
    const NOT_TAKEN =
      'Not taken — the agent was not reading input yet: nothing of the line appeared and nothing changed within 4 s. Send it again once the agent is ready.'
    let answers = 0
    const { wrap, of } = fakeApi({
      'pane:answer': () => ({ ok: true, sent: 'the text, then Enter', delivery: ++answers === 1 ? 7 : 8 }),
      'pane:delivery': (_id, delivery) =>
        delivery === 7 ? { taken: false, waitedMs: 4000, message: NOT_TAKEN } : { taken: true, by: 'echo', detail: 'the line is on the screen' },
    })
    // Its own pane: an earlier test's refused line stays as the draft of pane 3.
    render(<AnswerBox pane={pane({ id: '5' })} />, { wrapper: wrap })
    await userEvent.type(screen.getByTestId('answer-input'), 'Step one, go{Enter}')
    const notice = await screen.findByTestId('answer-not-taken')
    expect(notice.textContent).toContain(NOT_TAKEN)
    expect(of('pane:delivery')).toEqual([['5', 7]])
    // The box was emptied by the first send: Send again types the line that was not taken, once, as a retry of delivery 7.
    await userEvent.click(screen.getByTestId('answer-send-again'))
    await waitFor(() =>
      expect(of('pane:answer')).toEqual([
        ['5', { kind: 'text', text: 'Step one, go', seen: 'idle' }],
        ['5', { kind: 'text', text: 'Step one, go', seen: 'idle', again: 7 }],
      ]),
    )
    // Taken the second time: the notice goes.
    await waitFor(() =>
      expect(of('pane:delivery')).toEqual([
        ['5', 7],
        ['5', 8],
      ]),
    )
    await waitFor(() => expect(screen.queryByTestId('answer-not-taken')).toBeNull())
  })

  it('says nothing more when the program took the line', async () => {
    const { wrap, of } = fakeApi({
      'pane:answer': () => ({ ok: true, sent: 'the text, then Enter', delivery: 3 }),
      'pane:delivery': () => ({ taken: true, by: 'echo', detail: 'the line is on the screen' }),
    })
    render(<AnswerBox pane={pane({ id: '6' })} />, { wrapper: wrap })
    await userEvent.type(screen.getByTestId('answer-input'), 'Fix it{Enter}')
    await waitFor(() => expect(of('pane:delivery')).toEqual([['6', 3]]))
    await waitFor(() => expect(screen.getByTestId('answer-message').textContent).toContain('Sent the text, then Enter.'))
    expect(screen.queryByTestId('answer-not-taken')).toBeNull()
  })
})
