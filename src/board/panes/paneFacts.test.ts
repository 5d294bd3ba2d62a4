import { describe, expect, it } from 'vitest'
import type { PaneChanges } from '../../shared/domain/pane'
import { PaneFacts } from './paneFacts'

const count: PaneChanges = { since: 'abc', branch: 'main', files: 2, added: 5, removed: 1, at: 1000, error: null, root: '/src/app' }
const none = { sessionId: null, agentVersion: null }

describe('PaneFacts', () => {
  it('takes a recount that found the same as no change, whenever it was counted', () => {
    const facts = new PaneFacts({})
    expect(facts.setChanges(count)).toBe(true)
    expect(facts.setChanges({ ...count, at: 9000 })).toBe(false)
    expect(facts.info(none).changes?.at).toBe(9000)
  })

  it.each([
    ['files', { files: 3 }],
    ['lines added', { added: 6 }],
    ['lines removed', { removed: 0 }],
    ['branch', { branch: null }],
    ['start commit', { since: 'def' }],
    ['error', { error: 'git failed' }],
    ['repository', { root: '/src/other' }],
  ])('takes a recount with other %s as a change', (_, differs) => {
    const facts = new PaneFacts({})
    facts.setChanges(count)
    expect(facts.setChanges({ ...count, ...differs })).toBe(true)
  })

  it("names the agent's own session first, then the previous board's, then the one it resumed", () => {
    const resumed = new PaneFacts({ session: 'resumed', earlier: { sessionId: 'earlier', agentVersion: '2.1.0' } })
    expect(resumed.info({ sessionId: 'own', agentVersion: '2.2.0' })).toMatchObject({ sessionId: 'own', agentVersion: '2.2.0' })
    expect(resumed.info(none)).toMatchObject({ sessionId: 'earlier', agentVersion: '2.1.0' })
    expect(new PaneFacts({ session: 'resumed' }).info(none)).toMatchObject({ sessionId: 'resumed', agentVersion: null })
  })

  it('says what the run lacks only when it lacks something, and keeps the last report', () => {
    const facts = new PaneFacts({ missingEnv: { names: ['API_KEY'], setIn: null } })
    expect(facts.info(none).lastReport).toBeNull()
    facts.reported('Stop', 42)
    expect(facts.info(none)).toMatchObject({ lastReport: { event: 'Stop', at: 42 }, missingEnv: { names: ['API_KEY'] }, worktree: null })
    expect('missingEnv' in new PaneFacts({}).info(none)).toBe(false)
  })
})
