/// <reference lib="webworker" />
import { installPrecache } from './precache';
import { installPush } from './push';

declare const self: ServiceWorkerGlobalScope;

/**
 * The service worker, registered at the root scope (docs/offline-and-install.md,
 * docs/notifications.md): it keeps the app shell for offline starts and shows the server's push
 * messages as notifications.
 */
installPrecache();
installPush(self);
