import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { GeneralSettings } from './GeneralSettings';
import { AccessibilitySettings, NotificationSettings, RestSettings } from './MoreSettings';
import { useOptionsEditor } from './options-api';
import { PlanningSettings } from './PlanningSettings';
import { IntegrationsSettings } from '../calendar-sync/IntegrationsSettings';
import { PushSettings } from '../push/PushSettings';

/**
 * /settings: the spec's groups. The account's options live in the profile query, the zoom on
 * this device.
 */
export default function SettingsPage() {
  const { options, change } = useOptionsEditor();
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 760,
        mx: 'auto',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 3 },
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 2,
      }}
    >
      {options ? (
        <>
          <GeneralSettings options={options} change={change} />
          <RestSettings options={options} change={change} />
          <PlanningSettings options={options} change={change} />
          <NotificationSettings options={options} change={change} />
          <PushSettings />
          <IntegrationsSettings />
        </>
      ) : (
        <CircularProgress sx={{ justifySelf: 'center' }} />
      )}
      <AccessibilitySettings />
    </Box>
  );
}
