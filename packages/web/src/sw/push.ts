/// <reference lib="webworker" />

/** Push messages, notifications and their actions (issue 18: notifications). */
export function installPush(_sw: ServiceWorkerGlobalScope): void {
  // Filled in by the notifications part.
}
