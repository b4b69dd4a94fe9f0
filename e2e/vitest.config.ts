import { defineConfig } from 'vitest/config';

/**
 * Two groups of journeys, each one file at a time: those on the one shared server (the seeded demo
 * account, which their files change as they go), and those that start a server of their own
 * (`*.own-server.test.ts`). `npm test` (run.mjs) runs the two groups side by side: a journey mostly
 * waits on its browser and server, so two streams fit a 2-core machine.
 */
const common = { testTimeout: 90_000, hookTimeout: 120_000, fileParallelism: false, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: ['src/journeys/**/*.test.ts'],
          exclude: ['src/journeys/**/*.own-server.test.ts'],
          globalSetup: ['./src/global-setup.ts'],
        },
      },
      {
        test: { ...common, name: 'own-server', include: ['src/journeys/**/*.own-server.test.ts'] },
      },
    ],
  },
});
