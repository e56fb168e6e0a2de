import { APP_VERSION } from '@planner/protocol';
import type { ApiChoice } from '../api/api-base';

export interface SessionInfoInput {
  profile:
    | {
        user?: { id: string; premiumLevel: number; debugEnabled: boolean; emailVerified: boolean };
        options?: { locale: string; timezone: string };
      }
    | undefined;
  apiChoice: ApiChoice;
  /** The language on screen. */
  language: string;
  deviceTimeZone: string;
  userAgent: string;
  nowMs: number;
}

/**
 * What a developer needs to look into a problem on this device, as text to paste: versions, the
 * API server, the account's id and flags, languages and zones. Never the session token, the
 * e-mail address or anything the person wrote.
 */
export function sessionInfo(input: SessionInfoInput): string {
  const { profile, apiChoice } = input;
  const info = {
    appVersion: APP_VERSION,
    apiEndpoint: apiChoice.endpoint,
    apiBase: apiChoice.baseUrl,
    userId: profile?.user?.id ?? null,
    premiumLevel: profile?.user?.premiumLevel ?? null,
    debugEnabled: profile?.user?.debugEnabled ?? null,
    emailVerified: profile?.user?.emailVerified ?? null,
    accountLocale: profile?.options?.locale ?? null,
    accountTimeZone: profile?.options?.timezone ?? null,
    language: input.language,
    deviceTimeZone: input.deviceTimeZone,
    userAgent: input.userAgent,
    copiedAt: new Date(input.nowMs).toISOString(),
  };
  return JSON.stringify(info, null, 2);
}
