import { useEffect } from 'react';
import { useProfile } from '../api/profile';
import {
  AUTOMATIC_LOCALE_OPTION,
  chooseLocale,
  readLocaleOption,
  SUPPORTED_LOCALES,
  type LocaleOption,
} from '../i18n/i18n';

function isLocaleOption(value: string): value is LocaleOption {
  return (
    value === AUTOMATIC_LOCALE_OPTION || (SUPPORTED_LOCALES as readonly string[]).includes(value)
  );
}

/**
 * The language choice this device should take from the account (spec 4: the locale follows the
 * account once signed in): the account's option when it is one of the ten or automatic and not
 * already this device's; null when there is nothing to change or the account's value is unknown.
 */
export function localeToAdopt(
  accountOption: string,
  deviceOption: LocaleOption,
): LocaleOption | null {
  if (!isLocaleOption(accountOption)) return null;
  return accountOption === deviceOption ? null : accountOption;
}

/** Takes the account's language as this device's choice, through the settings screen's path. */
export async function adoptAccountLocale(accountOption: string): Promise<void> {
  const option = localeToAdopt(accountOption, readLocaleOption());
  if (option !== null) await chooseLocale(option);
}

/**
 * Applies the account's language whenever the profile brings one: after sign-in, on a start with
 * a session, and when another device changes it.
 */
export function useAccountLocale(): void {
  const accountOption = useProfile().data?.options?.locale;
  useEffect(() => {
    if (accountOption !== undefined) void adoptAccountLocale(accountOption);
  }, [accountOption]);
}
