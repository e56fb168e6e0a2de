import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ErrorCode, RpcError } from '@planner/protocol/client';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { describeError } from '../api/error-message';
import { dismissConflict, type Conflict } from './conflict-store';

/** Why the server refused a change, in the person's words. */
function useReason(error: unknown): string {
  const { t } = useTranslation(['offline', 'translation']);
  if (error instanceof RpcError && error.code === ErrorCode.NotFound) {
    return t('offline:conflict.reason.notFound');
  }
  const described =
    error instanceof RpcError ? describeError(error, (k) => i18next.exists(k)) : null;
  if (!described || described.key === 'errors.unexpected')
    return t('offline:conflict.reason.other');
  return t(described.key, described.values);
}

function ConflictDialog({ conflict }: { conflict: Conflict }) {
  const { t } = useTranslation('offline');
  const reason = useReason(conflict.error);
  const action = t(`action.${conflict.action}`);
  const close = () => dismissConflict(conflict.id);
  return (
    <Dialog open onClose={close} aria-labelledby="offline-conflict-title" maxWidth="xs" fullWidth>
      <DialogTitle id="offline-conflict-title">{t('conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {conflict.title
            ? t('conflict.text', { action, title: conflict.title, reason })
            : t('conflict.textNoTitle', { action, reason })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          {t('conflict.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The indicator (offline, changes waiting) and the first refused change. */
export default function OfflinePanel({
  online,
  pending,
  conflict,
}: {
  online: boolean;
  pending: number;
  conflict: Conflict | null;
}) {
  const { t } = useTranslation('offline');
  const parts = [
    ...(online ? [] : [t('status.offline')]),
    ...(pending > 0 ? [t('status.pending', { count: pending })] : []),
  ];
  return (
    <>
      {parts.length > 0 && (
        <Chip
          role="status"
          data-testid="offline-status"
          size="small"
          icon={online ? <CloudUploadIcon /> : <CloudOffIcon />}
          label={parts.join(' · ')}
          sx={{
            position: 'fixed',
            // Wide screens: the drawer's empty foot. Narrow ones: centred above the agenda's
            // control bar and the add button. It never takes a tap.
            left: { xs: '50%', md: 12 },
            transform: { xs: 'translateX(-50%)', md: 'none' },
            bottom: {
              xs: 'calc(136px + env(safe-area-inset-bottom))',
              md: 'calc(12px + env(safe-area-inset-bottom))',
            },
            pointerEvents: 'none',
            zIndex: (theme) => theme.zIndex.snackbar - 1,
            bgcolor: 'grey.800',
            color: 'common.white',
            maxWidth: 'calc(100vw - 96px)',
            '& .MuiChip-icon': { color: 'common.white' },
          }}
        />
      )}
      {conflict && <ConflictDialog key={conflict.id} conflict={conflict} />}
    </>
  );
}
