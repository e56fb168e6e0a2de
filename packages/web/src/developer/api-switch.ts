import {
  buildTimeApiBases,
  LOCAL_API_CHOICE,
  NAMED_API_ENDPOINTS,
  parseApiBase,
  readApiChoice,
  writeApiChoice,
  type ApiChoice,
  type ApiEndpoint,
  type NamedApiEndpoint,
} from '../api/api-base';
import { CLOUD_CONFIG_FIELDS, type CloudConfig } from '../api/cloud-config';
import { queryClient } from '../api/query-client';
import { endSession, getSessionToken } from '../api/session';

const CONFIG_FIELD: Record<NamedApiEndpoint, string> = {
  production: CLOUD_CONFIG_FIELDS.apiProduction,
  test: CLOUD_CONFIG_FIELDS.apiTest,
  wip: CLOUD_CONFIG_FIELDS.apiWip,
};

/**
 * The named servers on offer: the build's own addresses first (what this build was made for),
 * then the ones the server configures. A server with no valid address is not offered.
 */
export function namedApiBases(
  config: CloudConfig,
  buildTime: Partial<Record<NamedApiEndpoint, string>> = buildTimeApiBases(),
): Partial<Record<NamedApiEndpoint, string>> {
  const bases: Partial<Record<NamedApiEndpoint, string>> = {};
  for (const endpoint of NAMED_API_ENDPOINTS) {
    const configured = config.get(CONFIG_FIELD[endpoint]);
    const base = buildTime[endpoint] ?? (configured ? parseApiBase(configured) : null);
    if (base) bases[endpoint] = base;
  }
  return bases;
}

export type ChoiceResult =
  { ok: true; choice: ApiChoice } | { ok: false; reason: 'invalidAddress' };

/** The choice a person made in the chooser, checked: a custom address must be http(s). */
export function choiceFor(
  endpoint: ApiEndpoint,
  named: Partial<Record<NamedApiEndpoint, string>>,
  customText: string,
): ChoiceResult {
  if (endpoint === 'local') return { ok: true, choice: LOCAL_API_CHOICE };
  const baseUrl = endpoint === 'custom' ? parseApiBase(customText) : (named[endpoint] ?? null);
  return baseUrl
    ? { ok: true, choice: { endpoint, baseUrl } }
    : { ok: false, reason: 'invalidAddress' };
}

/**
 * Makes the choice this device's. Another server means other accounts and other data: the
 * session ends and the cached server data is dropped, so nothing of one server shows on another.
 * Returns whether a session was ended.
 */
export function switchApiBase(choice: ApiChoice): boolean {
  const previous = readApiChoice();
  writeApiChoice(choice);
  if (previous.baseUrl === choice.baseUrl) return false;
  const wasSignedIn = getSessionToken() !== null;
  endSession();
  queryClient.clear();
  return wasSignedIn;
}
