import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
/** The namespace's name written out: this step sits in the agenda's chunk, calendar-api does not. */
const CALENDAR_SYNC_NAMESPACE = 'calendar-sync';

/**
 * The onboarding's last step (calendar sync): a button to the Integrations settings, where Google
 * and CalDAV are set up. Its one string loads without suspending the agenda; until it has, the
 * button waits.
 */
export function CalendarSyncStep({ onOpen }: { onOpen: () => void }) {
  const { t, ready } = useTranslation(CALENDAR_SYNC_NAMESPACE, { useSuspense: false });
  const navigate = useNavigate();
  if (!ready) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        onClick={() => {
          onOpen();
          void navigate('/settings#integrations');
        }}
        sx={{ color: '#fff', border: '1px solid rgba(255,255,255,0.6)', px: 1.5 }}
      >
        {t('onboarding.connect')}
      </Button>
    </Box>
  );
}
