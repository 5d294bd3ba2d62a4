import { describe, expect, it } from 'vitest'
import { decodeHandover, encodeHandover, type PaneHandover } from './paneHandover'

const record = (over: Partial<PaneHandover> = {}): PaneHandover => ({
  v: 1,
  paneId: '3',
  spec: { command: ['claude', '--resume', 'abc'], cwd: '/tmp', env: {}, cols: 80, rows: 24, agent: 'claude', missingEnv: ['ANTHROPIC_API_KEY'] },
  argv: ['claude', '--resume', 'abc'],
  createdAt: 1,
  controlToken: null,
  reporting: null,
  since: null,
  ...over,
})

describe('the record a board hands the next board process', () => {
  it('carries the session a resume ran the pane in and the names of the secrets it lacks (issue 17 items 1, 2)', () => {
    const back = decodeHandover(encodeHandover(record({ session: 'abc' })))
    expect(back?.session).toBe('abc')
    expect(back?.spec.missingEnv).toEqual(['ANTHROPIC_API_KEY'])
  })

  it('takes a record without a session (a pane never resumed, or one of a board before it) and refuses a bad one', () => {
    expect(decodeHandover(encodeHandover(record()))?.session).toBeUndefined()
    expect(decodeHandover(encodeHandover(record({ session: null })))?.session).toBeNull()
    expect(decodeHandover(JSON.stringify({ ...record(), session: 42 }))).toBeNull()
  })
})
