import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

const PRODUCTION = { PROD: true, MODE: 'production' };

function stubServiceWorker(register: () => Promise<unknown>) {
  const container = { register: vi.fn(register), addEventListener: vi.fn(), controller: null };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
  return container;
}

describe('registerServiceWorker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers /sw.js for the whole app once the page has loaded', () => {
    const container = stubServiceWorker(() => new Promise(() => {}));
    registerServiceWorker(PRODUCTION);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  // A failure in the registration's handler is an unhandled rejection, which fails the run.
  it('takes a registration that resolves to nothing (workers stubbed out) as no worker', async () => {
    const container = stubServiceWorker(() => Promise.resolve(undefined));
    registerServiceWorker(PRODUCTION);
    await container.register.mock.results[0]?.value;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.addEventListener).not.toHaveBeenCalled();
  });

  it('never registers in the unit tests or the dev server', () => {
    const container = stubServiceWorker(() => Promise.resolve(undefined));
    registerServiceWorker({ PROD: false, MODE: 'development' });
    registerServiceWorker({ PROD: true, MODE: 'test' });
    expect(container.register).not.toHaveBeenCalled();
  });
});
