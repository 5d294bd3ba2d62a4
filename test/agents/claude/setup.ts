import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const FAKE_API_KEY = 'sk-ant-api03-fake-switchboard-key-000000000000000000000000000AAAA'

/**
 * (No `autoUpdates: false` here: Claude migrates that legacy key into the user's settings.json as
 * `env.DISABLE_AUTOUPDATER`, which would change the file the test proves untouched. The env var
 * below does the same job without a migration.)
 *
 * A throwaway HOME in which Claude Code (2.1.197, 2.1.332) starts straight at its prompt (measured, see
 * fixtures/claude/README.md): onboarding done, the fake API key approved, the work dir trusted
 * (`trusted: false` leaves it out: Claude opens its folder-trust dialog first, see trust.test.ts).
 * It also holds the *user's own* settings, with their own hooks, which must keep running and
 * stay byte-identical.
 */
export function setUpClaudeHome(home: string, work: string, userHookLog: string, version = '2.1.197', { trusted = true }: { trusted?: boolean } = {}): void {
  writeFileSync(
    join(home, '.claude.json'),
    JSON.stringify({
      numStartups: 1,
      installMethod: 'unknown',
      theme: 'dark',
      hasCompletedOnboarding: true,
      lastOnboardingVersion: version,
      lastReleaseNotesSeen: version,
      customApiKeyResponses: { approved: [FAKE_API_KEY.slice(-20)], rejected: [] },
      // Untrusted: no entry for the folder at all, as for a fresh git worktree (Claude asks first).
      projects: trusted
        ? { [work]: { allowedTools: [], hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, projectOnboardingSeenCount: 1 } }
        : {},
    }),
  )
  mkdirSync(join(home, '.claude'))
  const userHook = { type: 'command', command: `sh -c 'cat >> ${userHookLog}; echo >> ${userHookLog}'` }
  writeFileSync(
    join(home, '.claude', 'settings.json'),
    JSON.stringify(
      {
        permissions: { allow: ['Bash(ls:*)'] },
        hooks: {
          SessionStart: [{ hooks: [userHook] }],
          UserPromptSubmit: [{ hooks: [userHook] }],
          Stop: [{ hooks: [userHook] }],
        },
      },
      null,
      2,
    ),
  )
}

export function claudeEnv(baseUrl: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: FAKE_API_KEY,
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_BUG_COMMAND: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_NON_ESSENTIAL_MODEL_CALLS: '1',
    CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
    CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: '1',
  }
}

export const CLAUDE_SCRIPT = {
  STEP1: { first: { text: 'I looked at the project. It has three source files and a README. Everything builds cleanly.' } },
  STEP2: {
    first: { text: 'I will create the file.', tool: { name: 'Bash', input: { command: 'touch x.txt', description: 'Create empty file x.txt' } } },
    after: { text: 'Created x.txt for you.' },
  },
  STEP4: {
    first: {
      tool: {
        name: 'AskUserQuestion',
        input: {
          questions: [
            {
              question: 'Which database should the service use?',
              header: 'Database',
              multiSelect: false,
              options: [
                { label: 'PostgreSQL', description: 'Full relational database server' },
                { label: 'SQLite', description: 'Embedded, single file' },
                { label: 'Redis', description: 'In-memory key-value store' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Thanks, I will use that database.' },
  },
  STEP5: { first: { text: 'I fixed the off-by-one bug in the parser. Should I also add a regression test?' } },
  // Auto mode (2.1.332): commands the fake classifier blocks (BLOCKME) or cannot check (NOCHECK);
  // outside the project, so auto mode asks the classifier instead of allowing them outright.
  STEP7: {
    first: { text: 'Removing the cache.', tool: { name: 'Bash', input: { command: 'rm -rf /tmp/sb-BLOCKME-cache', description: 'Remove the shared cache' } } },
    after: { text: 'The cache removal was blocked.' },
  },
  STEP8: {
    first: { text: 'Removing the cache.', tool: { name: 'Bash', input: { command: 'rm -rf /tmp/sb-NOCHECK-cache', description: 'Remove the shared cache' } } },
    after: { text: 'Could not check it.' },
  },
  // Blocked again after every denial: auto mode's "several blocked in a row" confirmation.
  STEP9: {
    first: { text: 'Removing the cache.', tool: { name: 'Bash', input: { command: 'rm -rf /tmp/sb-BLOCKME-cache', description: 'Remove the shared cache' } } },
    after: { text: 'Trying again.', tool: { name: 'Bash', input: { command: 'rm -rf /tmp/sb-BLOCKME-cache2', description: 'Remove the other cache' } } },
  },
  // Plan mode: the plan-approval dialog.
  STEP10: {
    first: {
      text: 'Here is my plan.',
      tool: { name: 'ExitPlanMode', input: { plan: '1. Add a regression test for the parser.\n2. Fix the off-by-one bug.' } },
    },
    after: { text: 'Starting on the plan.' },
  },
  STEP6: {
    first: { text: 'Cleaning up.', tool: { name: 'Bash', input: { command: 'rm -rf ./tmpdir', description: 'Remove the temp dir' } } },
    after: { text: 'Removed it.' },
  },
  // Two questions in one AskUserQuestion (tabs: `←  ☐ Manager  ☐ Checks  ✔ Submit  →`), the second multi-select.
  STEPQ2: {
    first: {
      tool: {
        name: 'AskUserQuestion',
        input: {
          questions: [
            {
              question: 'Who should own the release?',
              header: 'Manager',
              multiSelect: false,
              options: [
                { label: 'Alice', description: 'Team lead' },
                { label: 'Bob', description: 'On call' },
              ],
            },
            {
              question: 'Which checks must pass first?',
              header: 'Checks',
              multiSelect: true,
              options: [
                { label: 'Unit tests', description: 'fast' },
                { label: 'Lint', description: 'style' },
                { label: 'E2E', description: 'slow' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Thanks, Alice owns it and those checks come first.' },
  },
  // One multi-select question: Enter toggles, Submit opens the review tab.
  STEPMS: {
    first: {
      tool: {
        name: 'AskUserQuestion',
        input: {
          questions: [
            {
              question: 'Which targets should the build cover?',
              header: 'Targets',
              multiSelect: true,
              options: [
                { label: 'Linux', description: 'x64' },
                { label: 'macOS', description: 'arm64' },
                { label: 'Windows', description: 'x64' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Noted, building for those targets.' },
  },
  // Edits: the file edit and file creation dialogs (with their diff). WORK is the work dir (claudeScript).
  // (2.1.197 edits only a file it has read: Read first, then Edit.)
  STEPED: {
    first: { text: 'Reading the notes.', tool: { name: 'Read', input: { file_path: 'WORK/notes.txt' } } },
    after: { text: 'Editing the notes.', tool: { name: 'Edit', input: { file_path: 'WORK/notes.txt', old_string: 'alpha', new_string: 'beta' } } },
    then: [{ text: 'Edited the notes.' }],
  },
  STEPWR: {
    first: { text: 'Writing a new file.', tool: { name: 'Write', input: { file_path: 'WORK/new.txt', content: 'hello\nworld\n' } } },
    after: { text: 'Wrote it.' },
  },
  // The API fails twice with 529 (overloaded): Claude retries ("API error · retrying in 1s · attempt 1/N"), then answers.
  STEPERR: { first: { text: 'Recovered after the retries. All good.', fail: { status: 529, times: 2 } } },
  // The API fails every time: Claude gives up after its retries (StopFailure, "API Error: 500 …").
  STEPFAIL: { first: { text: 'never shown', fail: { status: 500, times: 1000 } } },
  // A subagent (2.1.332: Agent, 2.1.197: Task) whose tool call needs permission: its dialog opens in the pane.
  STEPSUB: {
    first: {
      text: 'Delegating.',
      tool: { name: 'SUBAGENT_TOOL', input: { description: 'Inspect the repo', prompt: '[STEPSUBX] Create the marker.', subagent_type: 'general-purpose' } },
    },
    after: { text: 'The subagent is on it.' },
  },
  STEPSUBX: { first: { tool: { name: 'Bash', input: { command: 'touch sub.txt', description: 'Create sub.txt' } } }, after: { text: 'Created sub.txt.' } },
  // Replies that end with a question, as the user meets them (issue 19: asked missed at 50x16 and
  // 250x70): a long one of several paragraphs (its first row scrolls out of a 16-row screen), one
  // whose question is bold under a list, one after a tool call; and one that asks in the middle
  // and ends with a statement (idle).
  STEPA1: {
    first: {
      text:
        'I traced the failure to the tokenizer. It reads one character past the end of the buffer when the input ends in a backslash, and the parser then sees a phantom token.\n\n' +
        'The fix is small: the bounds check now runs before the read, and the escape state is cleared at the end of input. All the existing tests still pass with the change in place.\n\n' +
        'There is one open point. The old behaviour was documented in the changelog as a feature, so some users may rely on the phantom token. Do you want me to keep the old behaviour behind a flag, or drop it outright?',
    },
  },
  STEPA2: {
    first: {
      text: 'There are two ways to speed up the build:\n\n- cache the compiled templates between runs\n- split the test suite into parallel shards\n\n**Which one should I start with?**',
    },
  },
  STEPA3: {
    first: { text: 'Listing the files first.', tool: { name: 'Bash', input: { command: 'ls', description: 'List files' } } },
    after: { text: 'The folder holds notes.txt and nothing else yet. Shall I add a README?' },
  },
  STEPA4: { first: { text: 'Should I have asked before renaming the module? I renamed it anyway, and every import is updated.' } },
  // A reply slow enough to interrupt with Esc while it streams.
  STEPSLOW: {
    first: {
      text: 'This reply streams slowly so that it can be interrupted before it ends, word after word after word after word after word after word.',
      chunkDelayMs: 300,
    },
  },
} as const

/** The script with the work dir and the version's subagent tool filled in. */
export function claudeScript(work: string, version: string): typeof CLAUDE_SCRIPT {
  const subagent = version === '2.1.197' ? 'Task' : 'Agent'
  return JSON.parse(JSON.stringify(CLAUDE_SCRIPT).replaceAll('WORK', work).replaceAll('SUBAGENT_TOOL', subagent)) as typeof CLAUDE_SCRIPT
}
