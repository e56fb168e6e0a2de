import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiBaseChooser } from './ApiBaseChooser';
import { JumpForm } from './JumpForm';

/**
 * The login screen's hidden chooser of API servers (spec 2: ten clicks on the analysis slide's
 * title, then one on its text): the same controls as the debug menu, no account needed.
 */
export default function ApiChooserDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('developer');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('developerOptions')}
        <IconButton
          aria-label={t('translation:common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <ApiBaseChooser />
        <JumpForm />
      </DialogContent>
    </Dialog>
  );
}
