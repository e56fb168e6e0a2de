import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { connectErrorReporter } from '../api/query-client';
import { showOrLogError } from '../app/show-or-log-error';

// As the app connects it at start (app/connect-features.ts).
connectErrorReporter(showOrLogError);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
