import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A throwaway agent dir in which Pi 0.73.1 starts at its prompt offline (measured,
 * fixtures/pi/README.md), standing in for the user's: their provider (the fake) and settings.
 */
export function setUpPiHome(home: string, baseUrl: string): { agentDir: string; env: Record<string, string> } {
  const agentDir = join(home, '.pi', 'agent')
  mkdirSync(agentDir, { recursive: true })
  writeFileSync(
    join(agentDir, 'models.json'),
    JSON.stringify(
      {
        providers: {
          fake: {
            baseUrl: `${baseUrl}/v1`,
            api: 'openai-completions',
            apiKey: 'sk-fake-pi',
            compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
            models: [{ id: 'fake-model', name: 'fake-model' }],
          },
        },
      },
      null,
      2,
    ),
  )
  // lastChangelogVersion: Pi records it on its first start (a user who ran Pi once has it).
  writeFileSync(
    join(agentDir, 'settings.json'),
    JSON.stringify({ defaultProvider: 'fake', defaultModel: 'fake-model', enableInstallTelemetry: false, lastChangelogVersion: '0.73.1' }, null, 2),
  )
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local/state'),
  }
  return { agentDir, env: { ...xdg, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1', PI_TELEMETRY: '0' } }
}

export const PI_SCRIPT = {
  STEP1: { first: { text: 'The project has a README and two source folders. Nothing to fix.' } },
  STEP2: { first: { tool: { name: 'bash', input: { command: 'rm -rf ./harness-approved-tmp' } } }, after: { text: 'Removed the approved temp dir.' } },
  STEP3: {
    first: {
      tool: {
        name: 'question',
        input: { question: 'Which color should the widget use?', options: [{ label: 'Red', description: 'Warm and loud' }, { label: 'Blue' }] },
      },
    },
    after: { text: 'Thanks, noted.' },
  },
  STEP4: { first: { text: 'I can do it quickly or thoroughly. Which approach do you prefer?' } },
  STEP5: { first: { tool: { name: 'bash', input: { command: 'rm -rf ./harness-build-output' } } }, after: { text: 'Understood, I left it alone.' } },
} as const
