import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closeDialog } from './dialog-store';

export interface AgendaDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Resolves when done; the dialog closes unless it answers false. Errors are handled inside. */
  onConfirm: () => Promise<unknown>;
  isDestructive?: boolean;
  isConfirmDisabled?: boolean;
  extraActions?: ReactNode;
  testId?: string;
}

/** The frame of the agenda's dialogs: the confirm button waits for its request (no double save). */
export function AgendaDialog(props: AgendaDialogProps) {
  const { t } = useTranslation('agenda');
  const titleId = useId();
  const [isBusy, setBusy] = useState(false);
  const isPhone = useMediaQuery('(max-width: 599px)', { noSsr: true });
  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      const result = await props.onConfirm();
      if (result !== false) closeDialog();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={() => closeDialog()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid={props.testId}
      slotProps={{
        paper: { sx: isPhone ? { m: 1.5, width: 'calc(100% - 24px)' } : { borderRadius: 4 } },
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {props.title}
      </DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {props.extraActions}
        <Button onClick={() => closeDialog()} color="inherit">
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          color={props.isDestructive ? 'error' : 'primary'}
          disabled={isBusy || props.isConfirmDisabled}
          onClick={() => void confirm()}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
