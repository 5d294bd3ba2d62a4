import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * A throwaway HOME and XDG dirs in which OpenCode 1.18.33 starts straight at its home screen
 * (measured, fixtures/opencode/README.md), with the *user's own* global config: their provider
 * (the fake), their permission rules and their own plugin, which must keep running.
 */
export function setUpOpencodeHome(home: string, baseUrl: string, userPluginLog: string): { configDir: string; env: Record<string, string> } {
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local/state'),
  }
  for (const dir of Object.values(xdg)) mkdirSync(dir, { recursive: true })
  const configDir = join(xdg.XDG_CONFIG_HOME, 'opencode')
  mkdirSync(configDir)
  const userPlugin = join(configDir, 'user-plugin.js')
  writeFileSync(
    userPlugin,
    `import { appendFileSync } from 'node:fs'
export const UserPlugin = async () => ({
  event: async ({ event }) => {
    if (event.type === 'session.idle' || event.type === 'permission.asked') appendFileSync(${JSON.stringify(userPluginLog)}, event.type + '\\n')
  },
})
`,
  )
  writeFileSync(
    join(configDir, 'opencode.json'),
    JSON.stringify(
      {
        // OpenCode adds `$schema` to any config file it loads without one (it rewrites the file):
        // a user who has run OpenCode once has it, and without it the file changes whoever launches.
        $schema: 'https://opencode.ai/config.json',
        autoupdate: false,
        share: 'disabled',
        model: 'fake/fake-model',
        small_model: 'fake/fake-model',
        provider: {
          fake: {
            npm: '@ai-sdk/openai-compatible',
            name: 'Fake Harness',
            options: { baseURL: `${baseUrl}/v1`, apiKey: 'sk-harness-fake' },
            models: { 'fake-model': { name: 'Fake Model', tool_call: true, limit: { context: 200000, output: 8000 } } },
          },
        },
        enabled_providers: ['fake'],
        permission: { bash: { '*': 'ask', 'sleep *': 'allow' }, edit: 'ask', webfetch: 'deny' },
        plugin: [pathToFileURL(userPlugin).href],
      },
      null,
      2,
    ),
  )
  return {
    configDir,
    env: {
      ...xdg,
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OPENCODE_DISABLE_CLAUDE_CODE: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
      OPENCODE_ENABLE_QUESTION_TOOL: '1',
    },
  }
}

export const OPENCODE_SCRIPT = {
  STEP1: { first: { text: 'Hello! The project looks fine and there is nothing else to do here.' } },
  STEP2: { first: { tool: { name: 'bash', input: { command: 'echo harness-approved-marker' } } }, after: { text: 'The approved command finished.' } },
  STEP3: { first: { tool: { name: 'bash', input: { command: 'rm -rf ./harness-build-output' } } }, after: { text: 'Cleaned.' } },
  STEP4: {
    first: {
      tool: {
        name: 'question',
        input: {
          questions: [
            {
              question: 'Which color should the widget use?',
              header: 'Color',
              options: [
                { label: 'Red', description: 'Warm and loud' },
                { label: 'Blue', description: 'Cool and calm' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Thanks, noted your answer.' },
  },
  STEP5: { first: { text: 'I can build it quickly or thoroughly. Which approach do you prefer?' } },
  STEP6: {
    first: {
      tool: { name: 'task', input: { subagent_type: 'general', description: 'Harness subtask', prompt: '[STEPSUB] Run the subagent marker command.' } },
    },
    after: { text: 'The subagent finished its work.' },
  },
  STEPSUB: { first: { tool: { name: 'bash', input: { command: 'echo harness-subagent-marker' } } }, after: { text: 'Subagent done.' } },
  // An edit: read, then edit (its permission dialog shows the diff). WORK is the work dir (opencodeScript).
  STEPED: {
    first: { tool: { name: 'read', input: { filePath: 'WORK/notes.txt' } } },
    after: { tool: { name: 'edit', input: { filePath: 'WORK/notes.txt', oldString: 'alpha', newString: 'beta' } } },
    then: [{ text: 'Edited the notes.' }],
  },
  // Two questions in one dialog (tabs `Owner   Checks   Confirm`), the second multi-select, then its Review tab.
  STEPQ2: {
    first: {
      tool: {
        name: 'question',
        input: {
          questions: [
            {
              question: 'Who should own the release?',
              header: 'Owner',
              options: [
                { label: 'Alice', description: 'Team lead' },
                { label: 'Bob', description: 'On call' },
              ],
            },
            {
              question: 'Which checks must pass first?',
              header: 'Checks',
              multiple: true,
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
    after: { text: 'Thanks, noted both answers.' },
  },
  // The API fails once (a 500): OpenCode retries, then answers.
  STEPERR: { first: { text: 'Recovered after a retry.', fail: { status: 500, times: 1 } } },
  // A reply slow enough to interrupt (Esc twice) while it streams.
  STEPSLOW: {
    first: { text: 'This reply streams slowly so that it can be interrupted before it ends, word after word after word after word.', chunkDelayMs: 300 },
  },
} as const

/** The script with the work dir filled in. */
export function opencodeScript(work: string): typeof OPENCODE_SCRIPT {
  return JSON.parse(JSON.stringify(OPENCODE_SCRIPT).replaceAll('WORK', work)) as typeof OPENCODE_SCRIPT
}
