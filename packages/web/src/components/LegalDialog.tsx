import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type LegalDocument = 'terms' | 'privacy';

const SECTIONS: Record<LegalDocument, readonly string[]> = {
  terms: ['account', 'use', 'content', 'plans', 'changes', 'liability'],
  privacy: ['collect', 'purpose', 'sharing', 'security', 'rights'],
};

function LegalText({ document }: { document: LegalDocument }) {
  // The legal namespace is its own chunk per language, fetched the first time a dialog opens.
  const { t } = useTranslation('legal');
  return (
    <>
      <Typography sx={{ mb: 2.5 }} color="text.secondary">
        {t(`${document}.intro`)}
      </Typography>
      {SECTIONS[document].map((section) => (
        <Box key={section} component="section" sx={{ mb: 2.5 }}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
            {t(`${document}.${section}.heading`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`${document}.${section}.body`)}
          </Typography>
        </Box>
      ))}
    </>
  );
}

interface LegalDialogProps {
  document: LegalDocument | null;
  onClose: () => void;
}

/** Terms of service or privacy policy, loaded on demand. */
export function LegalDialog({ document, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isPhone = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={document !== null}
      onClose={onClose}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      scroll="paper"
      slotProps={{ paper: { sx: isPhone ? { borderRadius: 0 } : undefined } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {document ? t(`legal.${document}`) : null}
        <IconButton
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {/* Focusable: a keyboard scrolls the text (a long document holds no control of its own). */}
      <DialogContent dividers tabIndex={0}>
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          }
        >
          {document && <LegalText document={document} />}
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
