import { defineProject } from 'vitest/config';

/** Files that replace a module (`vi.mock`) need a module graph of their own. */
const ISOLATED = 'src/**/*.isolated.test.ts';

/**
 * The server suite: `server` runs the files of one worker in one module graph (importing the
 * server anew for each file was most of the suite's time, docs/testing-and-ci.md; every file
 * builds its own app, database and clock); `server-isolated` (vitest.isolated.config.ts) runs
 * the files that mock a module, each in a fresh one.
 */
export function serverProject(isolated: boolean) {
  return defineProject({
    test: {
      name: isolated ? 'server-isolated' : 'server',
      include: isolated ? [ISOLATED] : ['src/**/*.test.ts'],
      exclude: isolated ? [] : [ISOLATED],
      isolate: isolated,
      env: { TZ: 'UTC' },
      testTimeout: 20000,
      // On PostgreSQL each worker gets a database of its own (LISTEN/NOTIFY channels and
      // pg-boss are per database), so files run side by side as they do on SQLite; dropped at
      // the end.
      setupFiles: ['vitest.setup.ts'],
      globalSetup: ['vitest.global-setup.ts'],
    },
  });
}

export default serverProject(false);
