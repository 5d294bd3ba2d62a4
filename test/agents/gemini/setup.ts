import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const FAKE_KEY = 'fake-gemini-api-key'

/**
 * A throwaway `~/.gemini` in which Gemini CLI 0.61 starts straight at its prompt offline
 * (measured, test/agents/gemini/README.md), standing in for the user's: an API key chosen as the
 * auth, a fixed model (the default "auto" asks a router model first), everything that would call
 * out switched off (usage statistics, telemetry, update checks, IDE integration), the work folder
 * trusted as Gemini records it after the user said so (unless `trusted: false`), and a hook of
 * their own on AfterAgent that appends its payload to `userHookLog`.
 */
export function setUpGeminiHome(home: string, work: string, userHookLog: string, opts: { trusted?: boolean } = {}): { geminiDir: string } {
  const geminiDir = join(home, '.gemini')
  mkdirSync(geminiDir, { recursive: true })
  const userHook = { type: 'command', command: `sh -c 'cat >> ${userHookLog}; echo >> ${userHookLog}'`, timeout: 5000 }
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    model: { name: 'gemini-2.5-flash' },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    ide: { enabled: false, hasSeenNudge: true },
    hooks: { AfterAgent: [{ hooks: [userHook] }] },
  }
  writeFileSync(join(geminiDir, 'settings.json'), JSON.stringify(settings, null, 2))
  if (opts.trusted !== false) writeFileSync(join(geminiDir, 'trustedFolders.json'), JSON.stringify({ [work]: 'TRUST_FOLDER' }, null, 2), { mode: 0o600 })
  return { geminiDir }
}

/** The model: the fake, by the base URL Gemini's SDK reads, with a key of the user's own. */
export function geminiEnv(baseUrl: string): Record<string, string> {
  return { GEMINI_API_KEY: FAKE_KEY, GOOGLE_GEMINI_BASE_URL: baseUrl }
}

export const GEMINI_SCRIPT = {
  STEP1: { first: { text: 'The project has a README and two source folders. Nothing to fix.' } },
  STEP2: {
    first: { tool: { name: 'run_shell_command', input: { command: 'rm -rf ./harness-approved-tmp', description: 'Remove the approved temp dir' } } },
    after: { text: 'Removed the approved temp dir.' },
  },
  STEP3: {
    first: {
      tool: {
        name: 'ask_user',
        input: {
          questions: [
            {
              question: 'Which color should the widget use?',
              header: 'Color',
              type: 'choice',
              options: [
                { label: 'Red', description: 'Warm and loud' },
                { label: 'Blue', description: 'Calm' },
              ],
            },
          ],
        },
      },
    },
    after: { text: 'Thanks, noted.' },
  },
  STEP4: { first: { text: 'I can do it quickly or thoroughly. Which approach do you prefer?' } },
  STEP5: {
    first: { tool: { name: 'run_shell_command', input: { command: 'rm -rf ./harness-build-output', description: 'Remove the build output' } } },
    after: { text: 'Removed.' },
  },
  STEP6: { first: { text: 'We were talking about the widget color.' } },
} as const
