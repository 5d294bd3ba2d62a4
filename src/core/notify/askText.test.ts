import { describe, expect, it } from 'vitest'
import { askFromPayload, lastSentence, oneLine } from './askText'

describe('what the agent wants, in plain words', () => {
  it('a Bash permission (Claude and Codex PermissionRequest): the command', () => {
    expect(askFromPayload({ tool_name: 'Bash', tool_input: { command: 'touch x.txt', description: 'Create empty file x.txt' } })).toBe('Run `touch x.txt`?')
  })

  it('a file tool: the verb and the path', () => {
    expect(askFromPayload({ tool_name: 'Edit', tool_input: { file_path: '/w/src/a.ts', old_string: 'a', new_string: 'b' } })).toBe('Edit `/w/src/a.ts`?')
    expect(askFromPayload({ tool_name: 'Write', tool_input: { file_path: 'b.md' } })).toBe('Write `b.md`?')
    expect(askFromPayload({ tool_name: 'Grep', tool_input: { path: 'src' } })).toBe('Use Grep on `src`?')
    expect(askFromPayload({ tool_name: 'WebFetch', tool_input: { url: 'https://example.com' } })).toBe('Fetch `https://example.com`?')
    expect(askFromPayload({ tool_name: 'mcp__x__y', tool_input: {} })).toBe('Use the tool `mcp__x__y`?')
  })

  it('Claude’s AskUserQuestion and OpenCode’s question.asked: the question itself', () => {
    const q = { question: 'Which database should the service use?', header: 'Database', options: [{ label: 'SQLite' }] }
    expect(askFromPayload({ tool_name: 'AskUserQuestion', tool_input: { questions: [q] } })).toBe('Which database should the service use?')
    expect(askFromPayload({ questions: [q, q] })).toBe('Which database should the service use? (and 1 more)')
  })

  it('OpenCode’s permission.asked: the command from its metadata', () => {
    expect(askFromPayload({ permission: 'bash', patterns: ['echo hi'], metadata: { command: 'echo hi' } })).toBe('Run `echo hi`?')
  })

  it('a command is one line, cut, and stays readable with backticks in it', () => {
    expect(askFromPayload({ tool_name: 'Bash', tool_input: { command: 'echo `date`\n  && ls' } })).toBe('Run “echo `date` && ls”?')
    expect(askFromPayload({ tool_name: 'Bash', tool_input: { command: 'x'.repeat(400) } })!.length).toBeLessThan(170)
  })

  it('nothing recognisable gives null, never the event name', () => {
    expect(askFromPayload(null)).toBeNull()
    expect(askFromPayload({ notification_type: 'permission_prompt' })).toBeNull()
    expect(askFromPayload('PermissionRequest')).toBeNull()
  })

  it('the last sentence of a reply that asks', () => {
    expect(lastSentence('I fixed the off-by-one bug in the parser. Should I also add a regression test?')).toBe('Should I also add a regression test?')
    expect(lastSentence('Done!\n\nWant me to\ncommit it?')).toBe('Want me to commit it?')
    expect(lastSentence('?')).toBe('?')
    expect(oneLine('  a \n b ')).toBe('a b')
  })
})
