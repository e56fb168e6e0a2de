import {
  AUTOMATIC_LOCALE_OPTION,
  firstDayOfWeekDefault,
  HOUR_MS,
  isSupportedLocale,
  isValidTimeZone,
  type Locale,
  localeFromOption,
  resolveLocale,
} from '@planner/core';
import type { Plain, SessionRecord as SessionRecordMessage, User } from '@planner/protocol';
import type { TierStatus } from '../tiers/tier-status';
import type { Account, SessionRecord, StoredUserOptions } from './account';

/** The options format version clients send (spec: "version (sent as 3)"). */
export const USER_OPTIONS_VERSION = 3;

/** The locale option of a new account: the one sent when it is valid, else the rule's result. */
export function localeOptionFor(sent: string): string {
  if (sent === AUTOMATIC_LOCALE_OPTION || isSupportedLocale(sent)) return sent;
  return sent ? resolveLocale(sent) : AUTOMATIC_LOCALE_OPTION;
}

/**
 * The rest window every account starts with: no work is planned from 22:00 to 08:00 on the
 * wall clock of the user's zone (docs/timeline-server.md, "The rest window").
 */
export const DEFAULT_REST_WINDOW = {
  autoIdleEnabled: true,
  autoIdleStart: 22 * HOUR_MS,
  autoIdleEnd: 8 * HOUR_MS,
} as const;

/** The plan's shape limits a new account starts with: none, so plans fill the free time. */
const NO_PLAN_SHAPE = { dailyTaskCap: 0, taskBuffer: 0, minBlock: 0, maxBlock: 0 } as const;

/** Settings of a new account; also completes options stored before a field existed. */
export function defaultUserOptions(
  localeOption = AUTOMATIC_LOCALE_OPTION,
  timezone = '',
  /** The language shown: the option's, or for 'local' the device's (English when unknown). */
  language: Locale = localeFromOption(localeOption, []),
): StoredUserOptions {
  return {
    firstDayOfWeek: firstDayOfWeekDefault(language),
    tutorialDismissed: false,
    timezone: isValidTimeZone(timezone) ? timezone : '',
    emailNotificationsEnabled: true,
    ...DEFAULT_REST_WINDOW,
    quickControlBarEnabled: false,
    version: USER_OPTIONS_VERSION,
    tutorialStatus: '',
    taskNotificationEnabled: true,
    taskNotificationOffset: 0,
    locale: localeOption,
    timeFormat: 'local',
    ratingStatus: 0,
    analysisWindowOffset: 0,
    fingerprintLock: false,
    reviewShowed: false,
    ...NO_PLAN_SHAPE,
  };
}

/** Connected Google and Facebook identities and the phone, when the account has them. */
type LinkedSignIns = Pick<
  Plain<User>,
  'googleUser' | 'facebookUser' | 'countryCallingCode' | 'phoneNumber'
>;

const NOTHING_LINKED: LinkedSignIns = { countryCallingCode: '', phoneNumber: '' };

export function presentUser(
  account: Account,
  linked = NOTHING_LINKED,
  /** The address of the avatar shown (files/files-service.ts), '' for none. */
  avatarUrl = '',
  /** The derived level and the referral counts (tiers/tier-status.ts); else the stored level. */
  tier?: TierStatus,
): Plain<User> {
  return {
    id: account.id,
    name: account.name,
    countryCallingCode: linked.countryCallingCode,
    phoneNumber: linked.phoneNumber,
    ...(linked.googleUser && { googleUser: linked.googleUser }),
    ...(linked.facebookUser && { facebookUser: linked.facebookUser }),
    email: account.email,
    avatar: avatarUrl,
    hasPassword: account.hasPassword,
    createdAt: account.createdAt,
    premiumLevel: tier?.premiumLevel ?? account.premiumLevel,
    emailVerified: account.emailVerified,
    debugEnabled: account.debugEnabled,
    referralCode: account.referralCode,
    activeReferralCount: tier?.activeReferralCount ?? 0,
    unverifiedReferralCount: tier?.unverifiedReferralCount ?? 0,
    isReferred: tier?.isReferred ?? false,
    options: account.options,
    premiumUntil: tier?.premiumUntil ?? 0,
  };
}

export function presentSession(
  session: SessionRecord,
  currentSessionId: string,
): Plain<SessionRecordMessage> {
  return { ...session, isThis: session.id === currentSessionId };
}
