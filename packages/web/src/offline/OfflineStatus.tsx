/** Offline: pending changes and conflicts, shown over every screen (issue 18). */
export function OfflineStatus() {
  return null;
}
