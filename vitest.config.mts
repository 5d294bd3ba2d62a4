import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The agent folders' own tests (resources/agents/<id>/*.test.ts) are unit tests too.
          include: ['src/**/*.test.ts', 'resources/agents/**/*.test.ts'],
          // Panes parse in a worker thread: bundled from source for the run.
          globalSetup: ['src/board/test/mirrorWorkerSetup.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // React components in a DOM (happy-dom), driven with Testing Library the way a user does.
          name: 'components',
          include: ['src/renderer/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/renderer/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The real agent CLIs (Claude Code, Codex, OpenCode, Pi, Hermes) against fake model servers on
          // 127.0.0.1. Needs `npm install --prefix test/agents` first (a test-only install, never the app's).
          name: 'agents',
          include: ['test/agents/**/*.test.ts'],
          // Hermes' venv (test/agents/hermes/.venv) holds thousands of files and no test.
          exclude: ['**/node_modules/**', '**/.venv/**'],
          globalSetup: ['src/board/test/mirrorWorkerSetup.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // One agent TUI at a time: the machine has two cores and the timings are asserted.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser and one board at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
