import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useFailureCount } from '../api/failure-counter';

interface DisconnectedNoticeProps {
  onReconnect: () => void;
}

/** Stays on screen while the failure counter is above zero (spec 4, connectivity). */
export function DisconnectedNotice({ onReconnect }: DisconnectedNoticeProps) {
  const { t } = useTranslation();
  const isDisconnected = useFailureCount() > 0;
  return (
    <Snackbar
      open={isDisconnected}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <Alert
        role="alert"
        severity="warning"
        variant="filled"
        icon={<CloudOffIcon />}
        action={
          <Button color="inherit" size="small" onClick={onReconnect} sx={{ fontWeight: 700 }}>
            {t('messages.reconnect')}
          </Button>
        }
        sx={{
          boxShadow: 6,
          bgcolor: '#2b2f3f',
          color: '#fff',
          '& .MuiAlert-icon': { color: '#f5b942' },
        }}
      >
        {t('messages.disconnected')}
      </Alert>
    </Snackbar>
  );
}
