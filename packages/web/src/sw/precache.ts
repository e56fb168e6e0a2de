/// <reference lib="webworker" />
import { precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The app shell cached for offline starts (issue 18: installable and offline). */
export function installPrecache(): void {
  // The build replaces self.__WB_MANIFEST with the list of built files and their revisions.
  precacheAndRoute(self.__WB_MANIFEST);
}
