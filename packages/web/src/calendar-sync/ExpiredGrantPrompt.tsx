import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_SYNC_NAMESPACE, showCalendarError } from './calendar-api';
import { useGoogleSetup } from './google-setup';
import { disconnectGoogle } from './use-google-sync';

/**
 * Google refused the stored grant while sync is on: "fix now" runs the consent popup and the
 * setup again, "disable sync" unbinds. No close button, Escape or backdrop click (spec: the
 * prompt is not dismissible).
 */
export default function ExpiredGrantPrompt({ isExpired }: { isExpired: boolean }) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const client = useQueryClient();
  const titleId = useId();
  const setup = useGoogleSetup();
  const [isDisabling, setDisabling] = useState(false);

  const disable = async () => {
    setDisabling(true);
    try {
      await disconnectGoogle(client);
    } catch (error) {
      showCalendarError(error);
    } finally {
      setDisabling(false);
    }
  };

  const isOpen = isExpired && !setup.dialog;
  return (
    <>
      {/* No onClose: Escape and the backdrop leave it open. */}
      <Dialog
        open={isOpen}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
        data-testid="google-expired-prompt"
      >
        <DialogTitle id={titleId}>{t('expired.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('expired.text')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            color="inherit"
            onClick={() => void disable()}
            disabled={isDisabling || setup.isBusy}
          >
            {t('expired.disable')}
          </Button>
          <Button
            variant="contained"
            onClick={setup.connect}
            disabled={isDisabling || setup.isBusy}
          >
            {t('expired.fixNow')}
          </Button>
        </DialogActions>
      </Dialog>
      {setup.dialog}
    </>
  );
}
