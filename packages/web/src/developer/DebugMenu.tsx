import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { APP_VERSION } from '@planner/protocol';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiChoice } from '../api/api-base';
import * as serverApi from './developer-api';
import { useProfile } from '../api/profile';
import { logOut } from '../api/sign-out';
import { ApiBaseChooser } from './ApiBaseChooser';
import { JumpForm } from './JumpForm';
import { sessionInfo } from './session-info';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** App, API and planning-algorithm versions; the last two from the server's Meta. */
function Versions() {
  const { t } = useTranslation('developer');
  const meta = useQuery({
    queryKey: ['meta'],
    queryFn: () => serverApi.meta(undefined, { retry: false, showLoading: false }),
    meta: { silent: true },
  });
  const fromServer = (value: string | undefined) =>
    meta.isError ? t('versions.unavailable') : (value ?? '…');
  return (
    <Box component="section">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('versions.title')}
      </Typography>
      <Fact label={t('versions.app')} value={APP_VERSION} testId="version-app" />
      <Fact label={t('versions.api')} value={fromServer(meta.data?.version)} testId="version-api" />
      <Fact
        label={t('versions.algorithm')}
        value={fromServer(meta.data?.algorithm?.version)}
        testId="version-algorithm"
      />
    </Box>
  );
}

function Diagnostics() {
  const { t, i18n } = useTranslation('developer');
  const { data: profile } = useProfile();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    const text = sessionInfo({
      profile,
      apiChoice: readApiChoice(),
      language: i18n.language,
      deviceTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      userAgent: navigator.userAgent,
      nowMs: Date.now(),
    });
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('diagnostics.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {t('diagnostics.copySessionInfo')}
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {copyState === 'idle' ? '' : t(`diagnostics.${copyState}`)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('diagnostics.clearNote')}
      </Typography>
      <Box>
        <Button variant="outlined" color="error" onClick={() => void logOut()}>
          {t('diagnostics.clearLocalData')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The debug menu of a debugEnabled account (20 taps on the About page's version, or the drawer's
 * Debug entry): versions, the developer controls and diagnostics.
 */
export default function DebugMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('developer');
  const titleId = useId();
  const isPhone = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      scroll="paper"
      slotProps={{ paper: { sx: isPhone ? { borderRadius: 0 } : undefined } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('debugMenu')}
        <IconButton
          aria-label={t('translation:common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <Versions />
        <Divider />
        <ApiBaseChooser onSwitched={onClose} />
        <JumpForm />
        <Divider />
        <Diagnostics />
      </DialogContent>
    </Dialog>
  );
}
