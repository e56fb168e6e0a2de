import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAccountLocale } from './account-locale';

const TITLES: Record<string, string> = {
  '/account': 'account.title',
  '/about': 'about.title',
  '/feedback': 'nav.helpAndFeedback',
  '/premium': 'nav.premium',
};

/**
 * Screens that disable the drawer (spec 2: account, about, feedback, premium): an app bar with a
 * way back to where the person came from in the app, or to the agenda when opened directly.
 */
export default function SubPageLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  // React Router names the entry the app was opened on 'default': nothing of ours to go back to.
  const goBack = () => (key === 'default' ? navigate('/agenda') : navigate(-1));
  const titleKey = TITLES[`/${pathname.split('/')[1] ?? ''}`] ?? 'app.name';
  useAccountLocale();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" aria-label={t('common.back')} onClick={goBack}>
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h6" component="h1" noWrap>
            {t(titleKey)}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 4 } }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
