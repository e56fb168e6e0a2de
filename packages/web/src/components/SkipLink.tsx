import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of every signed-in screen: past the app bar and the drawer's entries to the
 * screen itself (WCAG 2.4.1). Hidden until it has the focus.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        ...visuallyHidden,
        '&:focus': {
          clip: 'auto',
          width: 'auto',
          height: 'auto',
          margin: 0,
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: 'tooltip',
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 2,
          boxShadow: 4,
        },
      }}
    >
      {t('nav.skipToContent')}
    </Link>
  );
}
