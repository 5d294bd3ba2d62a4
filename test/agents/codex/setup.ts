import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { codexHookHash, codexHookKey } from '../../../resources/agents/codex/hookTrust'

export const FAKE_KEY = 'sk-fake-codex-key'

/**
 * A throwaway CODEX_HOME in which Codex 0.171 starts straight at its prompt (measured, see
 * fixtures/codex/README.md), standing in for the user's own: their provider, their own hooks in
 * hooks.json, trusted the way Codex stores it after the user reviewed them (or, with
 * `userHooksTrusted` false, still waiting for that review).
 */
export function setUpCodexHome(codexHome: string, work: string, baseUrl: string, userHookLog: string, userHooksTrusted = true, retries = 0): void {
  mkdirSync(codexHome, { recursive: true })
  const userHook = { command: `sh -c 'cat >> ${userHookLog}; echo >> ${userHookLog}'` }
  writeFileSync(
    join(codexHome, 'hooks.json'),
    JSON.stringify(
      { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', ...userHook }] }], Stop: [{ hooks: [{ type: 'command', ...userHook }] }] } },
      null,
      2,
    ),
  )
  const hooksJson = join(codexHome, 'hooks.json')
  // Not trusted: Codex opens its "Hooks need review" screen at start (the user's hooks, never ours).
  const trust = (userHooksTrusted ? ['UserPromptSubmit', 'Stop'] : [])
    .map((e) => `[hooks.state.${JSON.stringify(codexHookKey(hooksJson, e, 0, 0))}]\ntrusted_hash = ${JSON.stringify(codexHookHash(e, undefined, userHook))}\n`)
    .join('\n')
  writeFileSync(
    join(codexHome, 'config.toml'),
    `model = "gpt-5.4"
model_provider = "fake"
check_for_update_on_startup = false

[analytics]
enabled = false

[feedback]
enabled = false

[model_providers.fake]
name = "Fake"
base_url = "${baseUrl}/v1"
wire_api = "responses"
env_key = "FAKE_API_KEY"
requires_openai_auth = false
request_max_retries = ${retries}
stream_max_retries = ${retries}

[projects.${JSON.stringify(work)}]
trust_level = "trusted"

${trust}`,
  )
}

export function codexEnv(codexHome: string): Record<string, string> {
  return { CODEX_HOME: codexHome, FAKE_API_KEY: FAKE_KEY }
}

const escalated = (cmd: string, justification: string) => ({ cmd, sandbox_permissions: 'require_escalated', justification, login: false })

export const CODEX_SCRIPT = {
  STEP1: { first: { text: 'The workspace has two folders and a README. Nothing needs changing.' } },
  STEP2: {
    first: { tool: { name: 'exec_command', input: escalated('touch approved.txt', 'Create the marker file') } },
    after: { text: 'Created approved.txt.' },
  },
  STEP3: { first: { tool: { name: 'exec_command', input: { cmd: 'sleep 1; echo slept', login: false } } }, after: { text: 'Slept a second.' } },
  STEP4: { first: { text: 'I can do it the quick way or the thorough way. Which one do you prefer?' } },
  STEP5: { first: { tool: { name: 'exec_command', input: escalated('rm -rf ./build-output', 'Remove the build output') } }, after: { text: 'Removed.' } },
  // An edit through the shell, escalated: the approval dialog for a command that changes a file.
  STEPED: {
    first: { tool: { name: 'exec_command', input: escalated("sed -i 's/alpha/beta/' notes.txt", 'Edit the notes') } },
    after: { text: 'Edited the notes.' },
  },
  // The API fails once (a 500): Codex retries ("Reconnecting…"), then answers.
  STEPERR: { first: { text: 'Recovered after a retry.', fail: { status: 500, times: 1 } } },
  // The API fails every time: the turn ends on the error (OSC 7501 state=error, no Stop).
  STEPFAIL: { first: { text: 'never shown', fail: { status: 500, times: 1000 } } },
  // A reply slow enough to interrupt with Esc while it streams.
  STEPSLOW: {
    first: { text: 'This reply streams slowly so that it can be interrupted before it ends, word after word after word after word.', chunkDelayMs: 300 },
  },
  // Two questions in one request_user_input (Plan mode): "Question 1/2", then 2/2, then submit all.
  STEPQ2: {
    first: {
      tool: {
        name: 'request_user_input',
        input: {
          questions: [
            {
              id: 'owner',
              header: 'Owner',
              question: 'Who should own the release?',
              options: [
                { label: 'Alice (Recommended)', description: 'Team lead' },
                { label: 'Bob', description: 'On call' },
              ],
            },
            {
              id: 'checks',
              header: 'Checks',
              question: 'Which checks must pass first?',
              options: [
                { label: 'Unit tests (Recommended)', description: 'fast' },
                { label: 'E2E', description: 'slow' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Thanks, noted both answers.' },
  },
  STEP7: {
    first: {
      tool: {
        name: 'request_user_input',
        input: {
          questions: [
            {
              id: 'color',
              header: 'Color',
              question: 'Which color should the widget use?',
              options: [
                { label: 'Red (Recommended)', description: 'Warm and visible' },
                { label: 'Blue', description: 'Cool and calm' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Thanks, noted your color.' },
  },
} as const
