import { describe, expect, it } from 'vitest'
import { ContractLimits } from './contract'
import { BoardError } from './errors'
import { parseInvoke, parseSend } from './validate'

const invalid = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(BoardError)
    expect((err as BoardError).code).toBe('invalid')
    return (err as BoardError).message
  }
  throw new Error('expected a validation error')
}

describe('contract validation at the boundary into main', () => {
  it('accepts well-formed calls and returns the parsed arguments', () => {
    expect(parseInvoke('pane:resize', ['3', 100, 30])).toEqual({ channel: 'pane:resize', args: ['3', 100, 30] })
    expect(parseInvoke('pane:create', [{ command: ['bash'], env: { A_1: 'x' } }]).args).toEqual([{ command: ['bash'], env: { A_1: 'x' } }])
    expect(parseSend('pane:ack', ['1', 4096]).args).toEqual(['1', 4096])
  })

  it('names the channel and the field that is wrong', () => {
    expect(invalid(() => parseInvoke('pane:nuke', []))).toMatch(/unknown channel "pane:nuke"/)
    expect(invalid(() => parseInvoke('__proto__', []))).toMatch(/unknown channel/)
    expect(invalid(() => parseInvoke('pane:resize', ['3', 100]))).toMatch(/^pane:resize: /)
    expect(invalid(() => parseInvoke('pane:resize', ['3', 1e6, 30]))).toMatch(/argument 1/)
    expect(invalid(() => parseInvoke('pane:write', ['../1', 'x']))).toMatch(/pane id/)
    expect(invalid(() => parseInvoke('pane:write', ['1', 'x'.repeat(ContractLimits.maxWriteChars + 1)]))).toMatch(/pane:write/)
    expect(invalid(() => parseInvoke('pane:create', [{ env: { 'BAD NAME': 'x' } }]))).toMatch(/environment names/)
    expect(invalid(() => parseInvoke('pane:create', [{ command: ['bash'], shell: true }]))).toMatch(/pane:create/)
    expect(invalid(() => parseSend('pane:ack', ['1', -5]))).toMatch(/pane:ack/)
    expect(invalid(() => parseInvoke('pane:list', 'not an array'))).toMatch(/pane:list/)
  })
})
