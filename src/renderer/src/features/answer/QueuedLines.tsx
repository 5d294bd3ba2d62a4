import type { QueuedLine, QueueStep } from './lineQueue'

interface QueuedLinesProps {
  readonly queue: readonly QueuedLine[]
  /** The line sent before them, not confirmed yet. */
  readonly onWay: string | null
  readonly step: QueueStep
  readonly held: boolean
  readonly onRemove: (id: number) => void
  readonly onResume: () => void
}

/** The lines waiting their turn, in order, with what the first waits for; each can be taken out. */
export function QueuedLines({ queue, onWay, step, held, onRemove, onResume }: QueuedLinesProps) {
  if (queue.length === 0) return null
  return (
    <div className="answer-box__message answer-box__queue" role="status" data-testid="answer-queue">
      <span>
        <strong>
          {queue.length} {queue.length === 1 ? 'line' : 'lines'} queued
        </strong>
        {step.kind === 'wait' && <span data-testid="answer-queue-why"> — the first {step.why}</span>}
        {onWay !== null && (
          <span className="answer-box__queue-on-way" data-testid="answer-on-way">
            {' '}
            behind <code>{onWay}</code>, on its way
          </span>
        )}
        <ol className="answer-box__queue-lines">
          {queue.map((line) => (
            <li key={line.id} data-testid="answer-queued-line">
              <code>{line.text}</code>
              <button type="button" className="icon-button" aria-label={`Remove the queued line “${line.text.slice(0, 40)}”`} onClick={() => onRemove(line.id)}>
                ×
              </button>
            </li>
          ))}
        </ol>
      </span>
      {held && (
        <button type="button" className="button" data-testid="answer-queue-resume" onClick={onResume}>
          Try again
        </button>
      )}
    </div>
  )
}
