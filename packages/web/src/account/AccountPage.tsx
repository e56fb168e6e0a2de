import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { logOut } from '../api/sign-out';
import { AccountDataCard } from './AccountDataCard';
import { AvatarCard } from './AvatarCard';
import { ConnectedAccountsCard } from './ConnectedAccountsCard';
import { EmailCard } from './EmailCard';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { SharedLinksCard } from '../share/SharedLinksCard';
import { SessionsCard } from './SessionsCard';

/** /account: profile, sign-in methods, signed-in devices, shared links, log out, the account's data. */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <ProfileCard />
      <AvatarCard />
      <EmailCard />
      <PasswordCard />
      <ConnectedAccountsCard />
      <SessionsCard />
      <SharedLinksCard />
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2.5, sm: 3 },
          borderRadius: '16px',
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h2">
            {t('account.logOut')}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('account.logOutText')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          onClick={() => void logOut()}
          data-testid="account-log-out"
        >
          {t('account.logOut')}
        </Button>
      </Paper>
      <AccountDataCard />
    </Box>
  );
}
