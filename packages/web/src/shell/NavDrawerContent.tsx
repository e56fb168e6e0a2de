import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useProfile } from '../api/profile';
import { Logo } from '../components/Logo';
import { AccountHeader } from './AccountHeader';
import { NAV_ITEMS, type NavItem } from './nav-items';

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const premiumLevel = useProfile().data?.user?.premiumLevel ?? 0;
  const isSelected = item.to !== null && pathname.startsWith(item.to);
  const secondary = item.id === 'premium' ? t(`account.plan.${premiumLevel}`) : undefined;
  const content = (
    <>
      <ListItemIcon>
        <item.Icon />
      </ListItemIcon>
      <ListItemText
        primary={t(`nav.${item.id}`)}
        secondary={secondary}
        slotProps={{ primary: { sx: { fontWeight: isSelected ? 650 : 500 } } }}
      />
    </>
  );
  if (item.to === null) {
    // Screens not built yet stay visible but disabled; the hint shows on hover.
    return (
      <Box component="span" title={t('nav.comingSoon')} sx={{ display: 'block' }}>
        <ListItemButton disabled data-nav={item.id}>
          {content}
        </ListItemButton>
      </Box>
    );
  }
  return (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={isSelected}
      aria-current={isSelected ? 'page' : undefined}
      onClick={onNavigate}
      data-nav={item.id}
    >
      {content}
    </ListItemButton>
  );
}

/** Drawer body: brand, account header, the spec's entries grouped by purpose. */
export function NavDrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const groups = ['plan', 'account', 'app'] as const;
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainMenu')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: 2.5 }}>
        <Logo size={30} />
      </Box>
      <AccountHeader onNavigate={onNavigate} />
      <Box sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {groups.map((group, index) => (
          <Fragment key={group}>
            {index > 0 && <Divider sx={{ my: 1, mx: 2 }} />}
            <List dense={false} disablePadding sx={{ display: 'grid', gap: 0.25 }}>
              {NAV_ITEMS.filter((item) => item.group === group).map((item) => (
                <NavEntry key={item.id} item={item} onNavigate={onNavigate} />
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
