import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'protocol',
    include: ['src/**/*.test.ts'],
    // The files of one worker share its loaded modules (no per-file import).
    isolate: false,
  },
});
