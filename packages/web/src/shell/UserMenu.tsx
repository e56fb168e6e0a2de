import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile';
import { UserAvatar } from './UserAvatar';

// The menu (popover, transitions) loads on first open, not with the agenda's first paint.
const UserMenuPopup = lazy(() => import('./UserMenuPopup'));

/** The app bar's avatar: who is signed in, the account screen and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setOpened] = useState(false);
  const user = useProfile().data?.user;

  return (
    <>
      <IconButton
        aria-label={t('nav.accountMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        sx={{ p: 0.5 }}
      >
        <UserAvatar
          name={user?.name ?? ''}
          email={user?.email ?? ' '}
          avatarUrl={user?.avatar}
          size={34}
        />
      </IconButton>
      {wasOpened && (
        <Suspense fallback={null}>
          <UserMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
