/** Settings, Integrations: the Apple calendar bind, shown on supported iOS devices (issue 19). */
export function AppleCalendarSettings() {
  return null;
}
