import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toasts } from './toast-store';

/** Shows the toast queue at the bottom of the screen; screen readers hear each new one. */
export function ToastViewport() {
  const { t } = useTranslation();
  const shown = useSyncExternalStore(toasts.subscribe, toasts.getToasts, toasts.getToasts);
  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        insetInline: 0,
        // Above a bar floating at the bottom (the agenda's controls), never over it.
        bottom: {
          xs: 'max(16px, var(--planner-bottom-bars, 0px))',
          sm: 'max(24px, var(--planner-bottom-bars, 0px))',
        },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        px: 2,
        pointerEvents: 'none',
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      {shown.map((toast) => (
        <Slide key={toast.id} direction="up" in mountOnEnter>
          <Alert
            role="status"
            variant="filled"
            severity={toast.severity}
            onClose={() => toasts.dismiss(toast.id)}
            closeText={t('common.close')}
            {...(toast.action && {
              action: (
                <Button
                  color="inherit"
                  size="small"
                  sx={{ fontWeight: 700 }}
                  onClick={() => {
                    toasts.dismiss(toast.id);
                    toast.action?.onClick();
                  }}
                >
                  {t(toast.action.key)}
                </Button>
              ),
            })}
            sx={{
              pointerEvents: 'auto',
              maxWidth: 560,
              width: { xs: '100%', sm: 'auto' },
              boxShadow: 6,
              ...(toast.severity === 'info' && { bgcolor: '#23283a', color: '#fff' }),
            }}
          >
            {t(toast.key, toast.values)}
          </Alert>
        </Slide>
      ))}
    </Box>
  );
}
