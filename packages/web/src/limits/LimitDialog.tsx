import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limitStore, UPGRADE_ROUTES, type LimitHit } from './limit-store';

export const LIMITS_NS = 'limits';

export interface LimitDialogProps {
  hit: LimitHit | null;
  onClose: () => void;
}

/** The server's message in words, and what the limit is when the screen that hit it said. */
function useLimitText(hit: LimitHit | null): string {
  const { t, i18n } = useTranslation(LIMITS_NS);
  const kind = hit?.kind ?? 'premiumOnly';
  const messageKey = `${LIMITS_NS}:messages.${hit?.message ?? ''}`;
  if (!hit?.message || !i18n.exists(messageKey)) return t(`${kind}.text`);
  const allowedKey = `${messageKey}Allowed`;
  const values = hit.values;
  return values && i18n.exists(allowedKey, values)
    ? `${t(messageKey)} ${t(allowedKey, values)}`
    : t(messageKey);
}

/**
 * The limit dialog (accounts spec, errors 4201 and 4202): 'premium only' or 'unlimited only'
 * with the server's message (and the limit, when known), Upgrade now (to the plan's tab of
 * /premium), No thanks, and for a free account (4201) a way to lift it by inviting friends
 * (/referral). Closed, it gives the focus back where the screen that hit the limit asked.
 */
export function LimitDialog({ hit, onClose }: LimitDialogProps) {
  const { t } = useTranslation(LIMITS_NS);
  const navigate = useNavigate();
  const titleId = useId();
  // What it says stays while it fades out: the hit is gone by then.
  const [shown, setShown] = useState(hit);
  if (hit !== null && hit !== shown) setShown(hit);
  const kind = shown?.kind ?? 'premiumOnly';
  const text = useLimitText(shown);
  const returnFocus = shown?.returnFocus;
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  return (
    <Dialog
      open={hit !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      // MUI would give the focus back to what had it when the dialog opened.
      disableRestoreFocus={returnFocus !== undefined}
      slotProps={{ transition: { onExited: () => returnFocus?.()?.focus() } }}
    >
      <Box sx={{ display: 'grid', placeItems: 'center', pt: 3, color: 'warning.main' }}>
        <WorkspacePremiumIcon sx={{ fontSize: 48 }} />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t(`${kind}.title`)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }}>{text}</DialogContentText>
        {kind === 'premiumOnly' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button onClick={() => go('/referral')}>{t('inviteFriends')}</Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('noThanks')}</Button>
        <Button variant="contained" disableElevation onClick={() => go(UPGRADE_ROUTES[kind])}>
          {t('upgradeNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The app-wide dialog every 4201/4202 opens (limit-store.ts). */
export function LimitDialogHost() {
  const hit = useSyncExternalStore(limitStore.subscribe, limitStore.get, limitStore.get);
  return <LimitDialog hit={hit} onClose={limitStore.close} />;
}
