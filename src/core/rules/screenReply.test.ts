import { describe, expect, it } from 'vitest'
import { lastReply, replyQuestion, type CompiledReply } from './screenReply'

/** As resources/agents/claude/rules.toml reads Claude Code's transcript (both versions). */
const CLAUDE: CompiledReply = {
  block: /^[●⏺]\s/u,
  other: /^[●⏺]\s+(?:[\w-]+\(|(?:User answered|Answered) |Agent ")|^\s+⎿/u,
  skip: /^[✻✳✢✶✽·*]\s/u,
  indent: 2,
}

describe('the last reply on screen', () => {
  it('joins a question wrapped at 60 columns again (Claude 2.1.332 auto mode, test/fixtures/claude/cc21332-auto-60x20)', () => {
    const rows = [
      '❯ [STEP5] Fix the parser bug.',
      '',
      '● I fixed the off-by-one bug in the parser. Should I also',
      '  add a regression test?',
      '',
      '✻ Brewed for 1s · done 10:51 AM',
      '',
    ]
    expect(lastReply(CLAUDE, rows)).toBe('I fixed the off-by-one bug in the parser. Should I also add a regression test?')
    expect(replyQuestion(CLAUDE, rows)).toBe('Should I also add a regression test?')
  })

  it('reads the last paragraph of a reply of several', () => {
    const rows = ['● I looked at the parser.', '', '  The off-by-one is in the loop bound.', '', '  Want me to fix it now?', '', '✻ Baked for 2s']
    expect(replyQuestion(CLAUDE, rows)).toBe('Want me to fix it now?')
    const statement = ['● Is this the bug? I looked.', '', '  It is fixed now.']
    expect(replyQuestion(CLAUDE, statement)).toBeNull()
  })

  it('is no reply when the last block is a tool call, its output, or an answered question (the question there is not the agent’s)', () => {
    const interrupted = [
      '❯ [STEP8] Remove the other cache.',
      '',
      '● Removing the cache.',
      '',
      '  Did not run 1 call',
      '  ⎿  $ rm -rf /tmp/sb-NOCHECK-cache',
      '  ⎿  Interrupted · What should Claude do instead?',
      '',
    ]
    const tool = ['● Bash(rm -rf ./tmpdir)', '  ⎿  Interrupted · What should Claude do instead?']
    const answered = ["● User answered Claude's questions:", '  ⎿  · Which database should the service use? → SQLite']
    for (const rows of [interrupted, tool, answered]) expect(lastReply(CLAUDE, rows), rows.join('\n')).toBeNull()
  })

  // Claude 2.1.332 at 50×16 (test/fixtures/claude/cc21332-asks-50x16): a reply of three
  // paragraphs has its `●` row scrolled out above the rows before the prompt box.
  it('reads a reply whose first row scrolled out above a short screen', () => {
    const rows = [
      '  before the read, and the escape state is cleared',
      '  at the end of input. All the existing tests',
      '  still pass with the change in place.',
      '',
      '  There is one open point. The old behaviour was',
      '  documented in the changelog as a feature, so',
      '  some users may rely on the phantom token. Do you',
      '  want me to keep the old behaviour behind a',
      '  flag, or drop it outright?',
      '',
      '✻ Crunched for 1s · done 1:02 PM',
      '                              ◐ medium · /effort',
    ]
    const spec = { ...CLAUDE, skip: /^[✻✳✢✶✽·*]\s|^\s+[○◐●◉◈]\s[^·]+ · \/effort$/u }
    expect(replyQuestion(spec, rows)).toBe('Do you want me to keep the old behaviour behind a flag, or drop it outright?')
    // 2.1.332's effort notice under the status row is no row of the reply.
    expect(replyQuestion(CLAUDE, rows)).toBeNull()
  })

  it('takes no headless rows for a reply when they sit deeper than its indent (a tool’s output) or are not its block’s', () => {
    const output = ['     line one of the output', '     Continue anyway?', '']
    expect(lastReply(CLAUDE, output)).toBeNull()
    const underUser = ['  wrapped prompt of the user ending?', '❯ [STEP2] Create the file x.txt.']
    expect(lastReply(CLAUDE, underUser)).toBeNull()
  })

  it('is no reply under the user’s own prompt or on an empty screen', () => {
    expect(lastReply(CLAUDE, ['● Should I go on?', '', '❯ [STEP2] Create the file x.txt.'])).toBeNull()
    expect(lastReply(CLAUDE, ['', '  '])).toBeNull()
  })
})
