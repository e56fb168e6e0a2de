import i18next from 'i18next';
import { showToast } from '../components/toast-store';

/** Kept in step with src/sw/precache.ts (the worker has its own build). */
const SKIP_WAITING_MESSAGE = 'planner:skip-waiting';
/** The reload offer stays until it is answered or closed. */
const UPDATE_TOAST_MS = 24 * 60 * 60 * 1000;

interface Env {
  PROD: boolean;
  MODE: string;
}

/**
 * Registers the service worker (/sw.js, a classic script, root scope) once the page has loaded,
 * so the precache never competes with the first paint. Only in a production build: the dev
 * server and the unit tests run without it.
 *
 * Updates: a new worker installs beside the running one and waits; the app offers a reload in a
 * toast, and only when the person accepts does the new worker take over (then the page reloads).
 * Otherwise it takes over on the next start, once every tab of the old version is closed.
 */
export function registerServiceWorker(env: Env = import.meta.env): void {
  if (!env.PROD || env.MODE === 'test') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watchForUpdates, () => {
      // No worker (a private window, an old browser): the app runs online only.
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * A registration that resolves to nothing (a browser or an extension that stubs service workers
 * out, as Playwright's blocking does) is no worker: nothing to watch, and nothing to report.
 */
function watchForUpdates(registration: ServiceWorkerRegistration | undefined): void {
  if (!registration) return;
  let reloadAsked = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadAsked) window.location.reload();
  });
  const offer = (worker: ServiceWorker) => {
    // The first install has nothing to replace: no offer.
    if (!navigator.serviceWorker.controller) return;
    void i18next.loadNamespaces('offline').then(() =>
      showToast({
        key: 'offline:update.ready',
        severity: 'info',
        timeoutMs: UPDATE_TOAST_MS,
        action: {
          key: 'offline:update.reload',
          onClick: () => {
            reloadAsked = true;
            worker.postMessage(SKIP_WAITING_MESSAGE);
          },
        },
      }),
    );
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}
