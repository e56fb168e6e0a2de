import FacebookIcon from '@mui/icons-material/Facebook';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ShareIcon from '@mui/icons-material/Share';
import XIcon from '@mui/icons-material/X';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Divider from '@mui/material/Divider';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../api/query-client';
import { ActionDialog } from '../components/ActionDialog';
import { showToast } from '../components/toast-store';
import {
  facebookShareUrl,
  isNameNotSet,
  saveSharerName,
  SHARE_NS,
  shareQueryKey,
  twitterShareUrl,
  useHasNoName,
  useRevokeShare,
  useShareLink,
  type SharePeriod,
} from './share-api';

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
  const queryClient = useQueryClient();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [isAskingName, setAskingName] = useState(false);
  const [name, setName] = useState('');
  const key = shareQueryKey(points);
  const hasNoName = useHasNoName();
  const share = useShareLink(points, isOpen);
  const revoke = useRevokeShare();
  const { error, errorUpdatedAt } = share;

  useEffect(() => {
    if (!error || !isOpen) return;
    setOpen(false);
    if (isNameNotSet(error)) setAskingName(true);
    else reportError(error);
    // Once per failed attempt (errorUpdatedAt), whatever else re-renders.
  }, [errorUpdatedAt]);

  const url = share.data?.url;
  const shareId = share.data?.id;
  const close = () => setOpen(false);
  const stopSharing = (id: string) => {
    close();
    revoke.mutate(id, {
      onSuccess: () => showToast({ key: `${SHARE_NS}:links.revoked`, severity: 'success' }),
    });
  };
  const copy = (link: string) => {
    close();
    navigator.clipboard.writeText(link).then(
      () => showToast({ key: `${SHARE_NS}:messages.copiedToClipboard`, severity: 'success' }),
      () => showToast({ key: `${SHARE_NS}:menu.copyFailed`, values: { url: link } }),
    );
  };

  const saveName = async () => {
    try {
      await saveSharerName(queryClient, name);
    } catch (failure) {
      reportError(failure);
      return false;
    }
    queryClient.removeQueries({ queryKey: key, exact: true });
    setOpen(true);
    return true;
  };

  return (
    <>
      <IconButton
        ref={buttonRef}
        aria-label={t('menu.button')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => (hasNoName ? setAskingName(true) : setOpen(true))}
        data-testid="share-button"
      >
        <ShareIcon />
      </IconButton>
      <Menu
        anchorEl={buttonRef.current}
        open={isOpen && !error}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-busy': url === undefined } }}
      >
        {url === undefined && (
          <MenuItem disabled>
            <ListItemIcon>
              <CircularProgress size={20} />
            </ListItemIcon>
            <ListItemText>{t('menu.preparing')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem disabled={url === undefined} onClick={() => url && copy(url)}>
          <ListItemIcon>
            <LinkIcon />
          </ListItemIcon>
          <ListItemText>{t('menu.copyLink')}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={url === undefined}
          onClick={() => {
            close();
            if (url) openIntent(facebookShareUrl(url));
          }}
        >
          <ListItemIcon>
            <FacebookIcon />
          </ListItemIcon>
          <ListItemText>{t('menu.facebook')}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={url === undefined}
          onClick={() => {
            close();
            if (url) openIntent(twitterShareUrl(url, t('menu.tweetText')));
          }}
        >
          <ListItemIcon>
            <XIcon />
          </ListItemIcon>
          <ListItemText>{t('menu.twitter')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem disabled={shareId === undefined} onClick={() => shareId && stopSharing(shareId)}>
          <ListItemIcon>
            <LinkOffIcon />
          </ListItemIcon>
          <ListItemText>{t('menu.stopSharing')}</ListItemText>
        </MenuItem>
      </Menu>
      <ActionDialog
        open={isAskingName}
        title={t('nameDialog.title')}
        confirmLabel={t('nameDialog.confirm')}
        cancelLabel={t('nameDialog.cancel')}
        onConfirm={saveName}
        onClose={() => setAskingName(false)}
        isConfirmDisabled={name.trim() === ''}
        testId="share-name-dialog"
      >
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('invalid.nameNotSet')}
        </Typography>
        <TextField
          label={t('nameDialog.label')}
          name="share-name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
      </ActionDialog>
    </>
  );
}
