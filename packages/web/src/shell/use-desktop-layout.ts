import useMediaQuery from '@mui/material/useMediaQuery';
import { DESKTOP_MEDIA_QUERY } from './desktop-layout';

export function useDesktopLayout(): boolean {
  return useMediaQuery(DESKTOP_MEDIA_QUERY, { noSsr: true });
}
