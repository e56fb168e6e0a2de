/** Settings, Integrations: Google Calendar, CalDAV accounts, the ICS feed (issue 17). */
export function IntegrationsSettings() {
  return null;
}
