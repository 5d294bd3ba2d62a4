import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TranscriptData } from '../../core/agents/agentManifest'
import { sessionSaved } from './resume'

// Claude Code's, as its agent.toml says.
const CLAUDE: TranscriptData = {
  dirEnv: 'CLAUDE_CONFIG_DIR',
  dir: '~/.claude',
  path: ['projects', '*', '{session}.jsonl'],
  messageMarks: ['"type":"user"', '"type":"assistant"'],
}
const ID = '3f07e30b-9898-4ac2-acc9-91b5b4a76b85'

describe('sessionSaved: is there a conversation to resume', () => {
  let home: string
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'sb-session-saved-'))
  })
  afterEach(() => rmSync(home, { recursive: true, force: true }))

  function transcript(root: string, project: string, lines: object[]): void {
    mkdirSync(join(root, 'projects', project), { recursive: true })
    writeFileSync(join(root, 'projects', project, `${ID}.jsonl`), lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
  }

  it('yes when a message of that session is saved, in any project folder', () => {
    transcript(join(home, '.claude'), '-tmp-other-project', [{ type: 'user', message: { content: 'Summarize the project.' } }])
    expect(sessionSaved(CLAUDE, { HOME: home }, ID)).toBe(true)
  })

  it('no when nothing is there, or only what a Claude that never got an answer leaves (no message)', () => {
    expect(sessionSaved(CLAUDE, { HOME: home }, ID)).toBe(false)
    transcript(join(home, '.claude'), '-tmp-work', [{ type: 'cost-state', cost: 0 }])
    expect(sessionSaved(CLAUDE, { HOME: home }, ID)).toBe(false)
    // Another session's conversation is not this one's.
    expect(sessionSaved(CLAUDE, { HOME: home }, '00000000-0000-4000-8000-000000000000')).toBe(false)
  })

  it('looks where the launch points Claude: CLAUDE_CONFIG_DIR before ~/.claude', () => {
    const config = join(home, 'elsewhere')
    transcript(config, '-tmp-work', [{ type: 'assistant', message: { content: 'Everything builds cleanly.' } }])
    expect(sessionSaved(CLAUDE, { HOME: home }, ID)).toBe(false)
    expect(sessionSaved(CLAUDE, { HOME: home, CLAUDE_CONFIG_DIR: config }, ID)).toBe(true)
  })

  it('reads no FIFO planted where the transcript goes (it would stall the board), and no more than 1 MiB of a long one', () => {
    const dir = join(home, '.claude', 'projects', '-tmp-work')
    mkdirSync(dir, { recursive: true })
    execFileSync('mkfifo', [join(dir, `${ID}.jsonl`)])
    expect(sessionSaved(CLAUDE, { HOME: home }, ID)).toBe(false)
    rmSync(join(dir, `${ID}.jsonl`))
    writeFileSync(join(dir, `${ID}.jsonl`), 'x'.repeat(2 << 20))
    expect(sessionSaved(CLAUDE, { HOME: home }, ID)).toBe(true)
  })

  it('does not know for an agent whose manifest does not say where it keeps them', () => {
    expect(sessionSaved(undefined, { HOME: home }, ID)).toBeNull()
  })
})
