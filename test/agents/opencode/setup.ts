import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * A throwaway HOME and XDG dirs in which OpenCode 1.18.33 starts straight at its home screen
 * (measured, fixtures/opencode/README.md), with the *user's own* global config: their provider
 * (the fake), their permission rules and their own plugin, which must keep running.
 */
export function setUpOpencodeHome(home: string, baseUrl: string, userPluginLog: string): { configDir: string; env: Record<string, string> } {
  const xdg = { XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local/share'), XDG_CACHE_HOME: join(home, '.cache'), XDG_STATE_HOME: join(home, '.local/state') }
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
    first: { tool: { name: 'task', input: { subagent_type: 'general', description: 'Harness subtask', prompt: '[STEPSUB] Run the subagent marker command.' } } },
    after: { text: 'The subagent finished its work.' },
  },
  STEPSUB: { first: { tool: { name: 'bash', input: { command: 'echo harness-subagent-marker' } } }, after: { text: 'Subagent done.' } },
} as const
