import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'UTC' },
    // Property tests run hundreds of plans; on a loaded shared machine 5 s is too tight.
    testTimeout: 30_000,
    // Pure code: the files of one worker share its loaded modules (no per-file import).
    isolate: false,
  },
});
