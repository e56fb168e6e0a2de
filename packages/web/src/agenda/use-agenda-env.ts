import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile';
import { languageTag, localeOf } from '../i18n/i18n';
import { displayTimeZone } from './agenda-date';
import { hour12Of, type Formatting } from './model/format';

/** What the agenda needs to know about the person: zone, clock format, tier, tutorials. */
export interface AgendaEnv extends Formatting {
  premiumLevel: number;
  referralCount: number;
  firstDayOfWeek: string;
  tutorialStatus: string;
  isDebug: boolean;
}

export function useAgendaEnv(): AgendaEnv {
  const { i18n } = useTranslation();
  const profile = useProfile().data;
  const options = profile?.options ?? profile?.user?.options;
  const user = profile?.user;
  const tag = languageTag(localeOf(i18n.language));
  return useMemo(
    () => ({
      tag,
      timeZone: displayTimeZone(options?.timezone),
      hour12: hour12Of(options?.timeFormat),
      premiumLevel: user?.premiumLevel ?? 0,
      referralCount: (user?.activeReferralCount ?? 0) + (user?.isReferred ? 1 : 0),
      firstDayOfWeek: options?.firstDayOfWeek || 'MON',
      tutorialStatus: options?.tutorialStatus ?? '',
      isDebug: user?.debugEnabled ?? false,
    }),
    [tag, options, user],
  );
}
