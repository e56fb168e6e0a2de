import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useProfile } from '../api/profile';
import { UserAvatar } from './UserAvatar';

/** The drawer's user header: who is signed in; it opens the account screen. */
export function AccountHeader({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const user = useProfile().data?.user;
  return (
    <ButtonBase
      component={RouterLink}
      to="/account"
      onClick={onNavigate}
      aria-label={t('nav.account')}
      data-testid="account-header"
      sx={{
        mx: 1,
        px: 1.5,
        py: 1.25,
        borderRadius: 3,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        justifyContent: 'flex-start',
        textAlign: 'left',
        bgcolor: 'action.hover',
        '&:hover': { bgcolor: 'action.selected' },
      }}
    >
      {user ? (
        <UserAvatar name={user.name} email={user.email} avatarUrl={user.avatar} />
      ) : (
        <Skeleton variant="circular" width={40} height={40} />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" noWrap>
          {user ? user.name || t('nav.noName') : <Skeleton width="70%" />}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap data-testid="account-email">
          {user ? user.email : <Skeleton width="90%" />}
        </Typography>
      </Box>
      <ChevronRightIcon fontSize="small" sx={{ color: 'text.secondary' }} />
    </ButtonBase>
  );
}
