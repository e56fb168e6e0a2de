import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RpcError } from '@planner/protocol';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import i18next from 'i18next';
import { CALENDAR_SYNC_NAMESPACE, calendarErrorKey, type CalDavAccount } from './calendar-api';
import * as serverApi from './calendar-calls';

/** Bounds the server also enforces; the fields stop there so nothing typed is lost silently. */
const URL_MAX = 2048;
const NAME_MAX = 320;
const PASSWORD_MAX = 1024;

/** The text of a failed CalDAV call, for the dialog itself to show (no toast). */
function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (error) => {
    const key = error instanceof RpcError ? calendarErrorKey(error.message) : undefined;
    if (key) return t(key);
    const text = describeError(error, (k) => i18next.exists(k));
    return text ? i18next.t(text.key, text.values) : t('errors.cannotSync');
  };
}

/**
 * Adds a CalDAV account: the server's address, the user name and an app password. The server
 * looks for the account's calendars before it answers, so a wrong address or password is said
 * here, in the dialog.
 */
export function CalDavAccountDialog({
  onAdded,
  onClose,
}: {
  onAdded: (account: CalDavAccount) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const titleId = useId();
  const isPhone = useMediaQuery('(max-width: 599px)', { noSsr: true });
  const errorText = useErrorText();
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const isComplete = serverUrl.trim() !== '' && username.trim() !== '' && password !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await serverApi.addCalDavAccount({
        serverUrl: serverUrl.trim(),
        username: username.trim(),
        password,
      });
      if (answer.account) onAdded(answer.account);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!isBusy) onClose();
      }}
      data-testid="caldav-account-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('caldav.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('caldav.serverUrl')}
            placeholder="https://caldav.example.com/"
            value={serverUrl}
            onChange={(event) => setServerUrl(event.target.value)}
            autoComplete="url"
            type="url"
            required
            slotProps={{ htmlInput: { maxLength: URL_MAX, spellCheck: false } }}
            helperText={t('caldav.serverUrlHint')}
          />
          <TextField
            label={t('caldav.username')}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            required
            slotProps={{ htmlInput: { maxLength: NAME_MAX, spellCheck: false } }}
          />
          <TextField
            label={t('caldav.appPassword')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            type="password"
            autoComplete="new-password"
            required
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('caldav.appPasswordHint')}
          </Typography>
          {error && (
            <Alert severity="error" role="alert" data-testid="caldav-add-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isComplete || isBusy}>
            {t(isBusy ? 'caldav.connecting' : 'caldav.connect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A new app password for an account whose password the server refused. */
export function CalDavPasswordDialog({
  account,
  onClose,
  onSaved,
}: {
  account: CalDavAccount;
  onClose: () => void;
  onSaved: (account: CalDavAccount) => void;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const titleId = useId();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '' || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await serverApi.updateCalDavAccount({
        accountId: account.id,
        calendars: account.calendars,
        password,
      });
      if (answer.account) onSaved(answer.account);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="caldav-password-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('caldav.newPasswordTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography variant="body2">
            {t('caldav.newPasswordText', { user: account.username })}
          </Typography>
          <TextField
            label={t('caldav.appPassword')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            type="password"
            autoComplete="new-password"
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={password === '' || isBusy}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
