/** Spec 2: the desktop layout from 600 px wide with an aspect ratio of at least 1:2. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 600px) and (min-aspect-ratio: 1/2)';

/** Whether the app opens in the desktop layout (outside a React render: no MUI needed). */
export function isDesktopLayout(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
}
