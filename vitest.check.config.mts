import { defineConfig } from 'vitest/config'

// `npm run agents:check` only (scripts/agentsCheck.mjs sets its inputs): the newest agent releases
// from a scratch prefix; never part of `npm test`, where it could only be skipped.
export default defineConfig({
  test: {
    include: ['test/agents/check/**/*.check.ts'],
    // Panes parse in a worker thread, bundled from source for the run (as the agents project
    // does): without it the mirror never parsed a byte and every scenario saw a blank screen.
    globalSetup: ['src/board/test/mirrorWorkerSetup.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
})
