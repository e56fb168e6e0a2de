import FacebookIcon from '@mui/icons-material/Facebook';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ShareIcon from '@mui/icons-material/Share';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Divider from '@mui/material/Divider';
import { useRef, type FormEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog';
import { facebookShareUrl, SHARE_NS, twitterShareUrl, type SharePeriod } from './share-api';
import { useShareMenu } from './use-share-menu';

/** The profile's name field takes as much. */
const NAME_MAX = 100;

export interface ShareMenuProps {
  points: readonly SharePeriod[];
}

function openIntent(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The analysis share menu (accounts spec: link, Facebook, Twitter). Opening it makes the share
 * (CreateTimeStatisticsShare) once per set of periods, so each entry acts at once on the click
 * that chose it (clipboard and pop-ups need that click). An account without a name is asked
 * for one first, before any share is made (and should the server still answer
 * invalid.nameNotSet), then the menu opens. "Stop sharing" takes the link back.
 */
export function ShareMenu({ points }: ShareMenuProps) {
  const { t } = useTranslation(SHARE_NS);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menu = useShareMenu(points);
  return (
    <>
      <IconButton
        ref={buttonRef}
        aria-label={t('menu.button')}
        aria-haspopup="menu"
        aria-expanded={menu.isOpen}
        onClick={menu.open}
        data-testid="share-button"
      >
        <ShareIcon />
      </IconButton>
      <Menu
        anchorEl={buttonRef.current}
        open={menu.isOpen && !menu.error}
        onClose={menu.close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-busy': menu.url === undefined } }}
      >
        {shareMenuEntries(menu, t)}
      </Menu>
      <SharerNameDialog menu={menu} />
    </>
  );
}

type ShareMenuState = ReturnType<typeof useShareMenu>;

/** A menu entry; made by a function, not a component, so the menu list sees its MenuItems. */
function menuEntry(
  key: string,
  icon: ReactNode,
  label: string,
  isDisabled: boolean,
  onClick?: () => void,
) {
  return (
    <MenuItem key={key} disabled={isDisabled} onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

/** "Preparing" until the link is there, then copy, Facebook, X and "Stop sharing". */
function shareMenuEntries(menu: ShareMenuState, t: TFunction<typeof SHARE_NS>) {
  const { url, shareId } = menu;
  const isPreparing = url === undefined;
  const openShareIntent = (intentUrl: (link: string) => string) => {
    menu.close();
    if (url) openIntent(intentUrl(url));
  };
  return [
    isPreparing &&
      menuEntry('preparing', <CircularProgress size={20} />, t('menu.preparing'), true),
    menuEntry('copy', <LinkIcon />, t('menu.copyLink'), isPreparing, () => url && menu.copy(url)),
    menuEntry('facebook', <FacebookIcon />, t('menu.facebook'), isPreparing, () =>
      openShareIntent(facebookShareUrl),
    ),
    menuEntry('twitter', <XIcon />, t('menu.twitter'), isPreparing, () =>
      openShareIntent((link) => twitterShareUrl(link, t('menu.tweetText'))),
    ),
    <Divider key="divider" />,
    menuEntry('stop', <LinkOffIcon />, t('menu.stopSharing'), shareId === undefined, () =>
      shareId ? menu.stopSharing(shareId) : undefined,
    ),
  ];
}

/**
 * Asks for the name a share shows before the first share is made. The field is a form's, so
 * Enter saves and shares as the button does; both go through one save, which runs once at a time.
 */
function SharerNameDialog({ menu }: { menu: ShareMenuState }) {
  const { t } = useTranslation(SHARE_NS);
  const isSaving = useRef(false);
  const isEmpty = menu.name.trim() === '';
  const save = async () => {
    if (isSaving.current || isEmpty) return false;
    isSaving.current = true;
    try {
      return await menu.saveName();
    } finally {
      isSaving.current = false;
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save().then((isSaved) => isSaved && menu.setAskingName(false));
  };
  return (
    <ActionDialog
      open={menu.isAskingName}
      title={t('nameDialog.title')}
      confirmLabel={t('nameDialog.confirm')}
      cancelLabel={t('nameDialog.cancel')}
      onConfirm={save}
      onClose={() => menu.setAskingName(false)}
      isConfirmDisabled={isEmpty}
      testId="share-name-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('invalid.nameNotSet')}
        </Typography>
        <TextField
          label={t('nameDialog.label')}
          name="share-name"
          autoComplete="name"
          value={menu.name}
          onChange={(event) => menu.setName(event.target.value)}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
      </Box>
    </ActionDialog>
  );
}
