import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Destructive actions are red. */
  isDestructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes-or-no question; the focus starts on the safe answer. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.text !== undefined && (
        <DialogContent>
          <DialogContentText component="div">{props.text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={props.onCancel} autoFocus>
          {props.cancelLabel}
        </Button>
        <Button
          onClick={props.onConfirm}
          variant="contained"
          color={props.isDestructive ? 'error' : 'primary'}
          disableElevation
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
