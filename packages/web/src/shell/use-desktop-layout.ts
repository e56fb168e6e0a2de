import useMediaQuery from '@mui/material/useMediaQuery';

/** Spec 2: the desktop layout from 600 px wide with an aspect ratio of at least 1:2. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 600px) and (min-aspect-ratio: 1/2)';

export function useDesktopLayout(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY, { noSsr: true });
}
