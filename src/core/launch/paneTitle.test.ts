import { describe, expect, it } from 'vitest'
import { agentOwnTitle, paneTitle, type TitleInputs } from './paneTitle'

const claude = (terminal: string, kept: string | null = null, firstPrompt: string | null = null): TitleInputs => ({
  fixed: undefined,
  agent: 'claude',
  agentName: 'Claude Code',
  terminal,
  firstPrompt,
  cwd: '/home/me/shop',
  program: 'claude',
  kept,
})

describe("a pane's title (issue 22 item 7: it flipped between 'Claude Code', its prompt and 'claude')", () => {
  it("Claude's own name is no title of the task: before any, the program's name; after one, that one stays", () => {
    expect(agentOwnTitle(claude('✳ Claude Code'))).toBe(false)
    expect(agentOwnTitle(claude('⠂ Claude Code'))).toBe(false)
    // 2.1.332 spins ◐ ◑ in front of its name while it works (test/fixtures/claude/cc21332-*.cast).
    expect(agentOwnTitle(claude('◐ Claude Code'))).toBe(false)
    expect(agentOwnTitle(claude('◑ Claude Code'))).toBe(false)
    expect(agentOwnTitle(claude(''))).toBe(false)
    expect(agentOwnTitle(claude('✳ Harness scenario'))).toBe(true)
    expect(paneTitle(claude('✳ Claude Code'))).toBe('claude')
    // The first prompt, until the session has a title.
    expect(paneTitle(claude('⠂ Claude Code', null, 'Fix the parser'))).toBe('Fix the parser')
    // The session title, then kept while the title shows the agent's name again or is cleared at exit.
    expect(paneTitle(claude('✳ Harness scenario', null, 'Fix the parser'))).toBe('✳ Harness scenario')
    expect(paneTitle(claude('⠂ Claude Code', '✳ Harness scenario', 'Fix the parser'))).toBe('✳ Harness scenario')
    expect(paneTitle(claude('', '✳ Harness scenario', 'Fix the parser'))).toBe('✳ Harness scenario')
  })

  it('a shell keeps whatever its program titles it, and its own name without one', () => {
    const shell = { ...claude(''), agent: null, program: 'bash' }
    expect(paneTitle(shell)).toBe('bash')
    expect(paneTitle({ ...shell, terminal: 'shop' })).toBe('shop')
  })
})
