import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/journeys/**/*.test.ts'],
    globalSetup: ['./src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
