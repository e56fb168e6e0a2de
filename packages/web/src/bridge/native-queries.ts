import { queryOptions } from '@tanstack/react-query';
import { getBridge } from './bridge';

/** The namespace of the native shell's strings (src/i18n/native). */
export const NATIVE_NAMESPACE = 'native';

/** This device as the bridge describes it (platform, versions, Apple calendar support). */
export function deviceInfoQuery() {
  return queryOptions({
    queryKey: ['nativeDeviceInfo'],
    queryFn: async () => (await getBridge()).deviceInfo(),
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
}
