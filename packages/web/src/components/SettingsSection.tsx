import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One group of the settings screen: a titled card of rows. */
export function SettingsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-settings-group={id}
      sx={{ borderRadius: '16px', py: 1.5 }}
    >
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        color="text.secondary"
        sx={{ px: 3 }}
      >
        {title}
      </Typography>
      <Box sx={{ display: 'grid' }}>{children}</Box>
    </Paper>
  );
}

/**
 * A setting: its label (and a hint) on the left, its controls on the right; stacked when
 * narrow. The controls get the label's id to name themselves by (aria-labelledby).
 */
export function SettingRow({
  label,
  hint,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  children: (labelId: string) => ReactNode;
}) {
  const labelId = useId();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 1,
        px: 3,
        py: 1.25,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
        <Typography id={labelId}>{label}</Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {children(labelId)}
      </Box>
    </Box>
  );
}
