import { describe, expect, it } from 'vitest'
import { BoardError } from '../../shared/ipc/errors'
import { BOARD_SCOPE, checkScope, eventInScope, scopeResult, type ClientScope } from './clientScope'

const own: ClientScope = { kind: 'pane', paneId: '2', why: 'test' }

describe('client scope', () => {
  it('lets a pane read only itself', () => {
    for (const ch of ['pane:get', 'pane:screen', 'pane:explain', 'pane:dialog'] as const) expect(() => checkScope(own, ch, ['2'])).not.toThrow()
    expect(() => checkScope(own, 'pane:screen', ['1'])).toThrow(BoardError)
    for (const ch of ['pane:write', 'pane:type', 'pane:answer', 'pane:kill', 'pane:attach', 'pane:resize', 'pane:remove'] as const)
      expect(() => checkScope(own, ch, ['2'])).toThrow(/may only read its own pane/)
    expect(() => checkScope(own, 'pane:create', [{}])).toThrow(/forbidden|may only/)
    expect(() => checkScope(own, 'settings:set', [{}])).toThrow(/may only/)
    expect(() => checkScope(BOARD_SCOPE, 'pane:write', ['1', 'x'])).not.toThrow()
  })

  it('filters the pane list and the events to its own pane', () => {
    expect(scopeResult(own, 'pane:list', [{ id: '1' }, { id: '2' }])).toEqual([{ id: '2' }])
    expect(eventInScope(own, { channel: 'pane:removed', payload: { paneId: '1' } })).toBe(false)
    expect(eventInScope(own, { channel: 'pane:removed', payload: { paneId: '2' } })).toBe(true)
  })
})
