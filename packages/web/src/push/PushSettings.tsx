/** Settings, Notifications: this device's push permission and registration (issue 18). */
export function PushSettings() {
  return null;
}
