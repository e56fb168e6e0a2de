import { useQuery } from '@tanstack/react-query';
import { currentApiBase } from '../api/api-base';
import { AUTOMATIC_LOCALE_OPTION, localeForOption, readLocaleOption } from '../i18n/i18n';
import { OAuthError } from '../bridge/oauth-popup';

/** The namespace of social and phone sign-in strings (src/i18n/social). */
export const SOCIAL_NAMESPACE = 'social';

export interface OAuthProviders {
  google: boolean;
  facebook: boolean;
}

const NONE: OAuthProviders = { google: false, facebook: false };

export const oauthProvidersQueryKey = ['oauthProviders'] as const;

/**
 * Which sign-in buttons the server can finish (GET /api/oauth/providers). Until it answers,
 * or if it cannot, none are shown: a button is never offered that cannot work.
 */
export function useOAuthProviders(): OAuthProviders {
  const { data } = useQuery({
    queryKey: oauthProvidersQueryKey,
    queryFn: async (): Promise<OAuthProviders> => {
      const response = await fetch(`${currentApiBase()}/oauth/providers`);
      if (!response.ok) return NONE;
      const body = (await response.json()) as Partial<OAuthProviders>;
      return { google: body.google === true, facebook: body.facebook === true };
    },
    staleTime: 10 * 60 * 1000,
    retry: false,
    meta: { handlesErrors: true },
  });
  return data ?? NONE;
}

/** The choices a new account starts with, as the e-mail sign-up sends them. */
export function signUpOptions() {
  return {
    autoExtend: true,
    isPaused: false,
    locale: readLocaleOption(),
    deviceLocale: localeForOption(AUTOMATIC_LOCALE_OPTION),
  };
}

/** Whether an error is the person closing the popup (nothing to report). */
export function isCancel(error: unknown): boolean {
  return error instanceof OAuthError && error.message === 'User cancelled oauth';
}
