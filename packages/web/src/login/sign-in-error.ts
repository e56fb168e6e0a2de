import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import { oauthErrorKey } from '../bridge/oauth-popup';
import { isCancel, SOCIAL_NAMESPACE } from './social-sign-in';

/**
 * How a social or phone sign-in failure reads: the popup's own texts and this feature's server
 * keys (invalid.socialEmailHasAccount ...) from the social namespace, anything else as the rest
 * of the app says it.
 */
export function useSignInErrorText(): (
  error: unknown,
) => { text: string; isCancel: boolean } | null {
  const { t, i18n } = useTranslation([SOCIAL_NAMESPACE, 'translation']);
  return (error) => {
    const popupKey = oauthErrorKey(error);
    if (popupKey) return { text: t(popupKey, { ns: SOCIAL_NAMESPACE }), isCancel: isCancel(error) };
    if (error instanceof Error && i18n.exists(error.message, { ns: SOCIAL_NAMESPACE })) {
      return { text: t(error.message, { ns: SOCIAL_NAMESPACE }), isCancel: false };
    }
    const described = describeError(error, (key) => i18n.exists(key, { ns: 'translation' }));
    return described
      ? { text: t(described.key, { ...described.values, ns: 'translation' }), isCancel: false }
      : null;
  };
}
