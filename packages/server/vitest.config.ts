import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 20000,
    // On PostgreSQL each worker gets a database of its own (LISTEN/NOTIFY channels and pg-boss
    // are per database), so files run side by side as they do on SQLite; dropped at the end.
    setupFiles: ['vitest.setup.ts'],
    globalSetup: ['vitest.global-setup.ts'],
  },
});
