import { defineConfig } from 'vitest/config'

// `npm run agents:check` only (scripts/agentsCheck.mjs sets its inputs): the newest agent releases
// from a scratch prefix; never part of `npm test`, where it could only be skipped.
export default defineConfig({
  test: {
    include: ['test/agents/check/**/*.check.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
})
