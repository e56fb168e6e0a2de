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
 * A CalDAV form's send: one call at a time, its failure said in the dialog; `onDone` gets the
 * account the server answered with.
 */
function useCalDavSubmit(
  canSend: boolean,
  call: () => Promise<{ account?: CalDavAccount }>,
  onDone: (account: CalDavAccount) => void,
) {
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      if (answer.account) onDone(answer.account);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return { error, isBusy, submit };
}

/** The app password box both dialogs ask for. */
function AppPasswordField({
  value,
  onChange,
  required,
}: {
  value: string;
  onChange: (password: string) => void;
  required?: boolean;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (
    <TextField
      label={t('caldav.appPassword')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      type="password"
      autoComplete="new-password"
      required={required}
      slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
    />
  );
}

/** Cancel and the form's send; both wait while a call runs. */
function CalDavDialogActions(props: {
  onCancel: () => void;
  isBusy: boolean;
  canSend: boolean;
  sendLabel: string;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (
    <DialogActions>
      <Button onClick={props.onCancel} disabled={props.isBusy}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={!props.canSend || props.isBusy}>
        {props.sendLabel}
      </Button>
    </DialogActions>
  );
}

interface AccountFieldsProps {
  serverUrl: string;
  setServerUrl: (value: string) => void;
  username: string;
  setUsername: (value: string) => void;
  password: string;
  setPassword: (value: string) => void;
}

/** The server's address, the user name and the app password, with the hint below them. */
function CalDavAccountFields(props: AccountFieldsProps) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (
    <>
      <TextField
        label={t('caldav.serverUrl')}
        placeholder="https://caldav.example.com/"
        value={props.serverUrl}
        onChange={(event) => props.setServerUrl(event.target.value)}
        autoComplete="url"
        type="url"
        required
        slotProps={{ htmlInput: { maxLength: URL_MAX, spellCheck: false } }}
        helperText={t('caldav.serverUrlHint')}
      />
      <TextField
        label={t('caldav.username')}
        value={props.username}
        onChange={(event) => props.setUsername(event.target.value)}
        autoComplete="username"
        required
        slotProps={{ htmlInput: { maxLength: NAME_MAX, spellCheck: false } }}
      />
      <AppPasswordField value={props.password} onChange={props.setPassword} required />
      <Typography variant="body2" color="text.secondary">
        {t('caldav.appPasswordHint')}
      </Typography>
    </>
  );
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
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const isComplete = serverUrl.trim() !== '' && username.trim() !== '' && password !== '';
  const { error, isBusy, submit } = useCalDavSubmit(
    isComplete,
    () =>
      serverApi.addCalDavAccount({
        serverUrl: serverUrl.trim(),
        username: username.trim(),
        password,
      }),
    onAdded,
  );

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
          <CalDavAccountFields
            {...{ serverUrl, setServerUrl, username, setUsername, password, setPassword }}
          />
          {error && (
            <Alert severity="error" role="alert" data-testid="caldav-add-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <CalDavDialogActions
          onCancel={onClose}
          isBusy={isBusy}
          canSend={isComplete}
          sendLabel={t(isBusy ? 'caldav.connecting' : 'caldav.connect')}
        />
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
  const [password, setPassword] = useState('');
  const { error, isBusy, submit } = useCalDavSubmit(
    password !== '',
    () =>
      serverApi.updateCalDavAccount({
        accountId: account.id,
        calendars: account.calendars,
        password,
      }),
    onSaved,
  );
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
          <AppPasswordField value={password} onChange={setPassword} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <CalDavDialogActions
          onCancel={onClose}
          isBusy={isBusy}
          canSend={password !== ''}
          sendLabel={t('actions.save')}
        />
      </form>
    </Dialog>
  );
}
