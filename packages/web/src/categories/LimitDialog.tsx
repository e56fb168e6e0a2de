import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ErrorCode, RpcError } from '@planner/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type LimitKind = 'premiumOnly' | 'unlimitedOnly';

/** 4201 is lifted by Premium, 4202 only by Unlimited (accounts spec); anything else is no limit. */
export function limitKindOf(error: unknown): LimitKind | null {
  if (!(error instanceof RpcError)) return null;
  if (error.code === ErrorCode.PremiumOnly) return 'premiumOnly';
  if (error.code === ErrorCode.UnlimitedOnly) return 'unlimitedOnly';
  return null;
}

/** The premium screen's tab for each limit: /premium/0 (Premium), /premium/1 (Unlimited). */
export const UPGRADE_ROUTES: Readonly<Record<LimitKind, string>> = {
  premiumOnly: '/premium/0',
  unlimitedOnly: '/premium/1',
};

export interface LimitDialogProps {
  kind: LimitKind | null;
  onClose: () => void;
}

/** The category limit was reached: explains it and offers the plan that lifts it. */
export function LimitDialog({ kind, onClose }: LimitDialogProps) {
  const { t } = useTranslation('editors');
  const navigate = useNavigate();
  const titleId = useId();
  const shown = kind ?? 'premiumOnly';
  return (
    <Dialog
      open={kind !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box sx={{ display: 'grid', placeItems: 'center', pt: 3, color: 'warning.main' }}>
        <WorkspacePremiumIcon sx={{ fontSize: 48 }} />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t(`limit.${shown}.title`)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }}>
          {t(`limit.${shown}.text`)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('limit.notNow')}</Button>
        <Button
          variant="contained"
          disableElevation
          onClick={() => {
            onClose();
            void navigate(UPGRADE_ROUTES[shown]);
          }}
        >
          {t(`limit.${shown}.action`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
