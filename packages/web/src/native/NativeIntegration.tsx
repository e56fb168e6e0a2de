/** Inside a native shell: back button, route intents, local notifications (issue 19). */
export function NativeIntegration() {
  return null;
}
