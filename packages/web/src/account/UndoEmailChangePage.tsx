import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { undoEmailChange } from './account-api';
import { endSession, getSessionToken, useSessionToken } from '../api/session';
import { localeOf } from '../i18n/i18n';
import { SECURITY_NS, securityErrorText } from './security-text';

/**
 * Each link's undo, once per page load: the query may be built again (a cleared cache), and the
 * link must not be spent twice, which would read as "already used" after it worked.
 */
const undos = new Map<string, Promise<object>>();

function undoOnce(token: string, locale: string): Promise<object> {
  let undo = undos.get(token);
  if (!undo) {
    undo = undoEmailChange(token, locale);
    undos.set(token, undo);
  }
  return undo;
}

/**
 * The link's undo, run once. It signs out every session of the account: this browser's, if it
 * had one, is over too, so it is forgotten here.
 */
function useEmailChangeUndo(token: string, locale: string) {
  const undo = useQuery({
    queryKey: ['undo-email-change', token],
    queryFn: () => undoOnce(token, locale),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
  const undone = undo.isSuccess;

  useEffect(() => {
    if (undone && getSessionToken() !== null) endSession();
  }, [undone]);

  return undo;
}

/** The page's card, centred on the page. */
function UndoFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        bgcolor: 'background.default',
        display: 'grid',
        placeItems: 'center',
        px: 2,
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          borderRadius: '20px',
          maxWidth: 460,
          width: '100%',
          textAlign: 'center',
          display: 'grid',
          justifyItems: 'center',
          gap: 2,
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}

/** How it went: the address is back and a new password is next, or why it failed. */
function UndoOutcome({ failure }: { failure: string | null }) {
  const { t } = useTranslation(SECURITY_NS);
  return failure ? (
    <>
      <ErrorIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('verify.failed')}
      </Typography>
      <Typography color="text.secondary" role="alert">
        {failure}
      </Typography>
    </>
  ) : (
    <>
      <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('undo.done')}
      </Typography>
      <Typography color="text.secondary">{t('undo.doneText')}</Typography>
      <Typography color="text.secondary" variant="body2">
        {t('undo.noMail')}
      </Typography>
    </>
  );
}

/**
 * /undo-email-change?token=…, the link mailed to the address an account left, signed in or
 * not: puts the address back (UndoEmailChange) once, says that every device was signed out and
 * that a new password is next, and leads to the login (to the account when a failed link left a
 * session).
 */
export default function UndoEmailChangePage() {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const undo = useEmailChangeUndo(token, localeOf(i18n.language));
  // Once undone, this browser is signed out as well: the login is next.
  const signedIn = useSessionToken() !== null;

  const failure = !token
    ? t('undo.missing')
    : undo.error
      ? securityErrorText(undo.error, t, i18n)
      : null;
  const working = !failure && !undo.isSuccess;

  return (
    <UndoFrame>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('undo.title')}
      </Typography>
      {working ? (
        <>
          <CircularProgress aria-hidden />
          <Typography variant="h6" component="h1" role="status">
            {t('undo.working')}
          </Typography>
        </>
      ) : (
        <>
          <UndoOutcome failure={failure} />
          <Button
            variant="contained"
            size="large"
            sx={{ mt: 1 }}
            onClick={() => navigate(signedIn ? '/account' : '/login')}
          >
            {signedIn ? t('verify.toAccount') : t('verify.toLogin')}
          </Button>
        </>
      )}
    </UndoFrame>
  );
}
