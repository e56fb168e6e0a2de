/** Registers the service worker at the root scope (issue 18: installable and offline). */
export function registerServiceWorker(): void {
  // Filled in by the offline part.
}
