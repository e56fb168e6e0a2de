import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after 1 s by default. Under the full suite on two cores, Material's
// transitions (a dialog fading out) and lazy chunks can take longer than that, and a test would
// fail for the machine's load rather than for what it checks.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
