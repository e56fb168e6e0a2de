/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/**
 * Paths the server answers itself: a navigation there must reach the network, never the app's
 * page. The API is never cached here: the query cache in local storage is the offline copy.
 */
export const NOT_APP_ROUTES: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/files(\/|$)/,
  /^\/ics(\/|$)/,
  /^\/sw\.js$/,
];

/** What the app sends to a waiting worker to make it take over now (the reload offer). */
export const SKIP_WAITING_MESSAGE = 'planner:skip-waiting';

/**
 * The app shell cached for offline starts (docs/offline-and-install.md): the built JS, CSS,
 * HTML, fonts and icons (the build fills self.__WB_MANIFEST; source maps and licenses.json are
 * left out by the glob in vite.config.ts). A navigation to any of the app's routes answers the
 * cached index.html. A new worker waits until the app asks it to take over, so a running page
 * never loses the chunks it was built with.
 */
export function installPrecache(): void {
  cleanupOutdatedCaches();
  precacheAndRoute(self.__WB_MANIFEST);
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NOT_APP_ROUTES] }),
  );
  self.addEventListener('message', (event) => {
    if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  });
  // The first install controls the open page at once, so it can start offline next time; an
  // update activates only when asked (above) or when no page of the old version is left.
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
}
