import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each package's vitest.config.ts, and the server files that mock a module.
    projects: ['packages/*', 'packages/server/vitest.isolated.config.ts'],
    // Vitest's default (all cores but one) runs one file at a time on a 2-core machine; the
    // server files spend much of their time waiting on a database or HTTP, so one worker per
    // core keeps both busy. VITEST_MAX_WORKERS or --maxWorkers overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(availableParallelism(), 2),
  },
});
