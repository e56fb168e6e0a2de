import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

export interface StoreLink {
  store: 'appStore' | 'googlePlay';
  url: string;
}

/** On the web: subscribing happens in the store apps; a link and a QR code for each. */
export function StoreDialog({
  open,
  onClose,
  links,
}: {
  open: boolean;
  onClose: () => void;
  links: readonly StoreLink[];
}) {
  const { t } = useTranslation('premium');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="store-dialog-title">
      <DialogTitle id="store-dialog-title">{t('subscribe.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('subscribe.dialogText')}</Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${links.length}, minmax(0, 1fr))`,
            gap: 2,
          }}
        >
          {links.map((link) => (
            <Box key={link.store} sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
              <Box
                sx={{
                  p: 1,
                  bgcolor: '#fff',
                  borderRadius: '8px',
                  lineHeight: 0,
                  width: '100%',
                  maxWidth: 176,
                }}
              >
                <QRCodeSVG
                  value={link.url}
                  size={160}
                  style={{ width: '100%', height: 'auto' }}
                  title={t('subscribe.qr', { store: t(`subscribe.${link.store}`) })}
                  role="img"
                />
              </Box>
              <Button
                variant="outlined"
                size="small"
                sx={{ whiteSpace: 'nowrap' }}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t(`subscribe.${link.store}`)}
              </Button>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('subscribe.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
