import AutoGraphIcon from '@mui/icons-material/AutoGraphOutlined';
import BugReportIcon from '@mui/icons-material/BugReportOutlined';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistRtlOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type SvgIcon from '@mui/material/SvgIcon';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useProfile } from '../api/profile';
import { Logo } from '../components/Logo';
import { AccountHeader } from './AccountHeader';
import { visibleNavItems, type NavItem } from './nav-items';

// Here rather than in nav-items.ts: every screen's title reads the entries, only the drawer
// draws their icons.
const ICONS: Record<NavItem['id'], typeof SvgIcon> = {
  agenda: TodayIcon,
  tasks: ChecklistIcon,
  analysis: AutoGraphIcon,
  premium: WorkspacePremiumIcon,
  referral: CardGiftcardIcon,
  settings: SettingsIcon,
  helpAndFeedback: HelpIcon,
  debug: BugReportIcon,
  about: InfoIcon,
};

interface NavEntryProps {
  item: NavItem;
  onNavigate: () => void;
  onOpenDebugMenu: () => void;
}

function NavEntry({ item, onNavigate, onOpenDebugMenu }: NavEntryProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const premiumLevel = useProfile().data?.user?.premiumLevel ?? 0;
  const isSelected = item.to !== null && pathname.startsWith(item.to);
  const secondary = item.id === 'premium' ? t(`account.plan.${premiumLevel}`) : undefined;
  const Icon = ICONS[item.id];
  const content = (
    <>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText
        primary={t(`nav.${item.id}`)}
        secondary={secondary}
        slotProps={{ primary: { sx: { fontWeight: isSelected ? 650 : 500 } } }}
      />
    </>
  );
  if (item.to === null) {
    return (
      <ListItemButton onClick={onOpenDebugMenu} aria-haspopup="dialog" data-nav={item.id}>
        {content}
      </ListItemButton>
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

export interface NavDrawerContentProps {
  onNavigate: () => void;
  /** The Debug entry (a debugEnabled account only) opens the debug menu. */
  onOpenDebugMenu: () => void;
}

/**
 * Drawer body: brand, account header, the spec's entries grouped by purpose. A chunk of its own
 * (shell/nav-drawer-part.ts): the phone shows it only once its drawer opens.
 */
export function NavDrawerContent({ onNavigate, onOpenDebugMenu }: NavDrawerContentProps) {
  const { t } = useTranslation();
  const isDebugEnabled = useProfile().data?.user?.debugEnabled ?? false;
  const items = visibleNavItems(isDebugEnabled);
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
        {groups
          .filter((group) => items.some((item) => item.group === group))
          .map((group, index) => (
            <Fragment key={group}>
              {index > 0 && <Divider sx={{ my: 1, mx: 2 }} />}
              <List dense={false} disablePadding sx={{ display: 'grid', gap: 0.25 }}>
                {items
                  .filter((item) => item.group === group)
                  .map((item) => (
                    <ListItem key={item.id} disablePadding>
                      <NavEntry
                        item={item}
                        onNavigate={onNavigate}
                        onOpenDebugMenu={() => {
                          onNavigate();
                          onOpenDebugMenu();
                        }}
                      />
                    </ListItem>
                  ))}
              </List>
            </Fragment>
          ))}
      </Box>
    </Box>
  );
}
