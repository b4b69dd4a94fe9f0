import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker's modules: importing the app afresh for each of the ~110 files took
    // 165 s of a 300 s run on a 2-core machine. A test that changes module state (a connector
    // stood in for a provider, fake timers, a spy) puts it back when it ends.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
