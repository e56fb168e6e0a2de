import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SHORTCUT_KEYS } from '../shortcuts';
import { AgendaDialog } from './AgendaDialog';

export function ShortcutsDialog() {
  const { t } = useTranslation('agenda');
  return (
    <AgendaDialog
      title={t('shortcuts.title')}
      confirmLabel={t('close')}
      onConfirm={async () => true}
    >
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.25, m: 0 }}
      >
        {Object.entries(SHORTCUT_KEYS).map(([key, action]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt">
              <Box
                component="kbd"
                sx={{
                  px: 1,
                  py: 0.25,
                  border: '1px solid',
                  borderColor: 'divider',
                  borderRadius: 1,
                  fontFamily: 'inherit',
                  fontWeight: 700,
                  bgcolor: 'background.default',
                }}
              >
                {key.toUpperCase()}
              </Box>
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t(`shortcuts.${action}`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </AgendaDialog>
  );
}
