import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /**
   * Runs the action; the dialog closes through `onClose` unless it resolves to false.
   * Errors must be handled inside (a rejection keeps the dialog open).
   */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  isDestructive?: boolean;
  isConfirmDisabled?: boolean;
  extraActions?: ReactNode;
  testId?: string;
  /**
   * Where the focus goes once the dialog has closed if what opened it is gone (a removed row's
   * button): without it the focus falls to the page's start.
   */
  focusAfterClose?: () => HTMLElement | null | undefined;
}

/**
 * A dialog whose confirm button starts a request: the button waits for it, so a second press
 * cannot send it twice. Shared by the agenda and the editors.
 */
export function ActionDialog(props: ActionDialogProps) {
  const titleId = useId();
  const [isBusy, setBusy] = useState(false);
  const isPhone = useMediaQuery('(max-width: 599px)', { noSsr: true });
  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      const result = await props.onConfirm();
      if (result !== false) props.onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={props.open}
      onClose={() => props.onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid={props.testId}
      slotProps={{
        paper: { sx: isPhone ? { m: 1.5, width: 'calc(100% - 24px)' } : { borderRadius: 4 } },
        transition: {
          // Once the dialog has unmounted and given the focus back to what opened it: only an
          // opener that is gone leaves it on the page's body.
          onExited: () => {
            if (!props.focusAfterClose) return;
            const focusAfterClose = props.focusAfterClose;
            setTimeout(() => {
              const focused = document.activeElement;
              if (focused && focused !== document.body && focused.isConnected) return;
              focusAfterClose()?.focus();
            });
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {props.title}
      </DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {props.extraActions}
        <Button onClick={() => props.onClose()} color="inherit">
          {props.cancelLabel}
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
