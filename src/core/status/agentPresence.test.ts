import { describe, expect, it } from 'vitest'
import { shippedAgents } from '../../board/agents/agentCatalog'
import { notePresence as note, unknownPresence } from './agentPresence'
import type { PaneContext, ProcessSignal } from './processSignals'
import type { AgentPresence } from './agentPresence'

const notePresence = (p: AgentPresence, s: ProcessSignal, c: PaneContext, agent: string | null) =>
  note(p, s, c, agent, (argv) => shippedAgents().recognize(argv))

const fg = (at: number, argv: string[], isRoot = false) => ({ kind: 'foreground' as const, at, program: { pid: 1, argv, isRoot } })

describe('notePresence', () => {
  it('the agent in front since it came to the front; another program hides it; the spawn changes nothing', () => {
    const shell = { rootIsShell: true }
    let p = notePresence(unknownPresence, { kind: 'spawned', at: 0, argv: ['bash'] }, shell, 'claude')
    expect(p).toBe(unknownPresence)
    p = notePresence(p, fg(10, ['claude']), shell, 'claude')
    expect(p).toEqual({ agentInFront: true, inFrontSince: 10 })
    p = notePresence(p, fg(20, ['claude', '--resume']), shell, 'claude')
    expect(p).toEqual({ agentInFront: true, inFrontSince: 10 })
    p = notePresence(p, fg(30, ['vim']), shell, 'claude')
    expect(p.agentInFront).toBe(false)
    p = notePresence(p, fg(40, ['claude']), shell, 'claude')
    expect(p).toEqual({ agentInFront: true, inFrontSince: 40 })
  })

  it('the root is the agent unless it is a shell', () => {
    expect(notePresence(unknownPresence, fg(5, ['bash'], true), { rootIsShell: true }, 'claude').agentInFront).toBe(false)
    expect(notePresence(unknownPresence, fg(5, ['wrapper'], true), { rootIsShell: false }, 'claude')).toEqual({ agentInFront: true, inFrontSince: 5 })
  })
})
