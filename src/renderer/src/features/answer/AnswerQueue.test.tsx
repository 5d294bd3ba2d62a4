import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AnswerResult, Delivery } from '../../../../shared/domain/answer'
import { fakeApi, pane } from '../../test/fakeApi'
import { AnswerBox } from './AnswerBox'

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const TAKEN: Delivery = { taken: true, by: 'echo', detail: 'the line is on the screen' }
const texts = (calls: unknown[][]) => calls.map((c) => (c[1] as { text: string }).text)
const queued = () => screen.queryAllByTestId('answer-queued-line').map((li) => li.querySelector('code')?.textContent)

describe('AnswerBox queue: no Enter is lost while a line is on its way', () => {
  it('lines typed while one is sent and confirmed wait in order, shown, and each goes once the one before is taken', async () => {
    const answers: ReturnType<typeof deferred<AnswerResult>>[] = []
    const deliveries = new Map<number, ReturnType<typeof deferred<Delivery>>>()
    const { wrap, of } = fakeApi({
      'pane:answer': () => {
        const d = deferred<AnswerResult>()
        answers.push(d)
        return d.promise
      },
      'pane:delivery': (_id, delivery) => {
        const d = deferred<Delivery>()
        deliveries.set(delivery, d)
        return d.promise
      },
    })
    render(<AnswerBox pane={pane({ id: '11' })} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input')
    await userEvent.type(input, 'one{Enter}')
    await waitFor(() => expect(answers).toHaveLength(1))
    // Still being sent: the next two Enters queue their lines, in order, and the box is free again.
    await userEvent.type(input, 'two{Enter}three{Enter}')
    expect(queued()).toEqual(['two', 'three'])
    expect(screen.getByTestId('answer-queue').textContent).toContain('2 lines queued')
    expect(screen.getByTestId('answer-queue-why').textContent).toContain('goes once the line before is taken')
    expect((input as HTMLTextAreaElement).value).toBe('')
    expect(screen.getByTestId('answer-send').textContent).toBe('Queue')

    // Sent, but not confirmed yet: nothing more goes.
    answers[0]!.resolve({ ok: true, sent: 'the text, then Enter', delivery: 1 })
    await waitFor(() => expect(of('pane:delivery')).toEqual([['11', 1]]))
    expect(answers).toHaveLength(1)
    // Taken: the next one goes, and only it.
    deliveries.get(1)!.resolve(TAKEN)
    await waitFor(() => expect(answers).toHaveLength(2))
    // The line is handed to main in an effect; the queue drops it in the render after that.
    await waitFor(() => expect(queued()).toEqual(['three']))
    answers[1]!.resolve({ ok: true, sent: 'the text, then Enter', delivery: 2 })
    await waitFor(() => expect(deliveries.has(2)).toBe(true))
    deliveries.get(2)!.resolve(TAKEN)
    await waitFor(() => expect(answers).toHaveLength(3))
    answers[2]!.resolve({ ok: true, sent: 'the text, then Enter', delivery: 3 })
    await waitFor(() => expect(deliveries.has(3)).toBe(true))
    deliveries.get(3)!.resolve(TAKEN)
    await waitFor(() => expect(screen.queryByTestId('answer-queue')).toBeNull())
    expect(texts(of('pane:answer'))).toEqual(['one', 'two', 'three'])
    expect(of('pane:answer').every((c) => (c[1] as { seen: string }).seen === 'idle')).toBe(true)
  })

  it('a queued line waits while the agent works on the line before, and goes when it is ready again', async () => {
    const gate = deferred<void>()
    const slow = fakeApi({
      'pane:answer': async () => {
        await gate.promise
        return { ok: true, sent: 'the text, then Enter', delivery: 1 }
      },
      'pane:delivery': () => ({ taken: true, by: 'state', detail: 'the pane went from idle to working' }),
    })
    const { rerender } = render(<AnswerBox pane={pane({ id: '12' })} />, { wrapper: slow.wrap })
    const input = screen.getByTestId('answer-input')
    await userEvent.type(input, 'first{Enter}')
    await userEvent.type(input, 'then this{Enter}')
    expect(queued()).toEqual(['then this'])
    // The first line set the agent to work.
    rerender(<AnswerBox pane={pane({ id: '12', verdict: { state: 'working', since: 5, evidence: [] } })} />)
    gate.resolve()
    await waitFor(() => expect(slow.of('pane:delivery')).toEqual([['12', 1]]))
    await waitFor(() => expect(screen.getByTestId('answer-queue-why').textContent).toContain('goes when the agent is ready (it is working)'))
    expect(texts(slow.of('pane:answer'))).toEqual(['first'])
    rerender(<AnswerBox pane={pane({ id: '12', verdict: { state: 'idle', since: 9, evidence: [] } })} />)
    await waitFor(() => expect(texts(slow.of('pane:answer'))).toEqual(['first', 'then this']))
    await waitFor(() => expect(screen.queryByTestId('answer-queue')).toBeNull())
  })

  it('Enter while the agent works queues the line (nothing is typed into its turn), and it goes once the agent is ready (e2e board.test: an Enter just after the last line had started the turn was refused and the line sat in the box)', async () => {
    const { wrap, of } = fakeApi({
      'pane:answer': () => ({ ok: true, sent: 'the text, then Enter', delivery: 1 }),
      'pane:delivery': () => TAKEN,
    })
    const working = pane({ id: '17', verdict: { state: 'working', since: 5, evidence: [] } })
    const { rerender } = render(<AnswerBox pane={working} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input') as HTMLTextAreaElement
    expect(screen.getByTestId('answer-box').textContent).toContain('Enter queues the text')
    await userEvent.type(input, 'next task{Enter}')
    expect(queued()).toEqual(['next task'])
    expect(input.value).toBe('')
    expect(screen.getByTestId('answer-queue-why').textContent).toContain('goes when the agent is ready (it is working)')
    expect(of('pane:answer')).toEqual([])
    rerender(<AnswerBox pane={pane({ id: '17', verdict: { state: 'idle', since: 9, evidence: [] } })} />)
    await waitFor(() => expect(of('pane:answer')).toEqual([['17', { kind: 'text', text: 'next task', seen: 'working' }]]))
    await waitFor(() => expect(screen.queryByTestId('answer-queue')).toBeNull())
  })

  it('behind a line not taken the queue waits; once that notice is dealt with, it goes on', async () => {
    const NOT_TAKEN =
      'Not taken — the agent was not reading input yet: nothing of the line appeared and nothing changed within 4 s. Send it again once the agent is ready.'
    const first = deferred<Delivery>()
    const { wrap, of } = fakeApi({
      'pane:answer': () => ({ ok: true, sent: 'the text, then Enter', delivery: of('pane:answer').length }),
      'pane:delivery': (_id, delivery) => (delivery === 1 ? first.promise : TAKEN),
    })
    render(<AnswerBox pane={pane({ id: '13' })} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input')
    await userEvent.type(input, 'early{Enter}')
    await waitFor(() => expect(of('pane:delivery')).toEqual([['13', 1]]))
    await userEvent.type(input, 'later{Enter}')
    first.resolve({ taken: false, waitedMs: 4000, message: NOT_TAKEN })
    await screen.findByTestId('answer-not-taken')
    expect(screen.getByTestId('answer-queue-why').textContent).toContain('the line before was not taken')
    expect(texts(of('pane:answer'))).toEqual(['early'])
    // Send again: the same line first, taken this time, then the queued one.
    await userEvent.click(screen.getByTestId('answer-send-again'))
    await waitFor(() => expect(texts(of('pane:answer'))).toEqual(['early', 'early', 'later']))
    expect((of('pane:answer')[1]![1] as { again?: number }).again).toBe(1)
    await waitFor(() => expect(screen.queryByTestId('answer-queue')).toBeNull())
  })

  it('a queued line main refuses stays first in the queue, with why, until "Try again"', async () => {
    const gate = deferred<void>()
    let n = 0
    const { wrap, of } = fakeApi({
      'pane:answer': async () => {
        n++
        if (n === 1) {
          await gate.promise
          return { ok: true, sent: 'the text, then Enter' }
        }
        if (n === 2)
          return { ok: false, reason: 'changed-midway', message: 'The pane became working while the line was being typed, so Enter was not pressed.' }
        return { ok: true, sent: 'the text, then Enter' }
      },
    })
    render(<AnswerBox pane={pane({ id: '14' })} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input')
    await userEvent.type(input, 'a{Enter}b{Enter}')
    gate.resolve()
    await waitFor(() => expect(screen.getByTestId('answer-queue-why').textContent).toContain('held: The pane became working'))
    expect(queued()).toEqual(['b'])
    expect(screen.getByTestId('answer-message').getAttribute('data-reason')).toBe('changed-midway')
    await userEvent.click(screen.getByTestId('answer-queue-resume'))
    await waitFor(() => expect(texts(of('pane:answer'))).toEqual(['a', 'b', 'b']))
    await waitFor(() => expect(screen.queryByTestId('answer-queue')).toBeNull())
  })

  it('a queued line can be taken out before it goes', async () => {
    const gate = deferred<void>()
    const { wrap, of } = fakeApi({
      'pane:answer': async () => {
        await gate.promise
        return { ok: true, sent: 'the text, then Enter' }
      },
    })
    render(<AnswerBox pane={pane({ id: '15' })} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input')
    await userEvent.type(input, 'keep{Enter}drop{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Remove the queued line “drop”' }))
    gate.resolve()
    await waitFor(() => expect(screen.queryByTestId('answer-queue')).toBeNull())
    expect(texts(of('pane:answer'))).toEqual(['keep'])
  })
  it('a line main refuses comes back into the box, or first into the queue, held, when something was typed since', async () => {
    const gate = deferred<void>()
    const { wrap } = fakeApi({
      'pane:answer': async () => {
        await gate.promise
        return { ok: false, reason: 'busy', message: 'The agent is working.' }
      },
    })
    render(<AnswerBox pane={pane({ id: '16' })} />, { wrapper: wrap })
    const input = screen.getByTestId('answer-input') as HTMLTextAreaElement
    await userEvent.type(input, 'refused{Enter}')
    expect(input.value).toBe('')
    gate.resolve()
    await waitFor(() => expect(input.value).toBe('refused'))
    expect(screen.queryByTestId('answer-queue')).toBeNull()
  })
})
