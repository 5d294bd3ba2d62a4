import { defineConfig } from 'vitest/config'

// Measurements with the real agent CLIs that print numbers and assert nothing; never part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/agents/measure/**/*.measure.ts'],
    environment: 'node',
    testTimeout: 900_000,
    fileParallelism: false,
  },
})
