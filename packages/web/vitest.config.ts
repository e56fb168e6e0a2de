import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 15000,
    // Each file keeps its own DOM and modules (they hold state), in worker threads: cheaper to
    // start than a process per file.
    pool: 'threads',
  },
});
