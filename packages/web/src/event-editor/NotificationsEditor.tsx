import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { addNotification, canAddNotification, DAY_MS, MINUTE_MS } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../editors/format';

/** Offsets offered in each notification's menu (the defaults of core among them). */
const OFFERED_OFFSETS_MS: readonly number[] = [
  0,
  ...[5, 10, 15, 30, 60, 90, 120, 180, 24 * 60].map((m) => m * MINUTE_MS),
  2 * DAY_MS,
];

export interface NotificationsEditorProps {
  offsets: readonly number[];
  onChange: (offsets: number[]) => void;
  disabled?: boolean;
}

/** One notification: its offset chosen from the menu (its own kept there), and remove. */
function NotificationRow({
  offset,
  index,
  disabled,
  onPick,
  onRemove,
}: {
  offset: number;
  index: number;
  disabled: boolean;
  onPick: (offset: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('editors');
  const label = (ms: number) =>
    ms === 0
      ? t('event.notifyAtStart')
      : t('event.notifyBefore', { duration: formatDuration(ms, t) });
  const options = OFFERED_OFFSETS_MS.includes(offset)
    ? OFFERED_OFFSETS_MS
    : [...OFFERED_OFFSETS_MS, offset].sort((a, b) => a - b);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-notification={index}>
      <NotificationsIcon color="action" />
      <TextField
        select
        size="small"
        fullWidth
        value={offset}
        disabled={disabled}
        slotProps={{
          htmlInput: { 'aria-label': t('event.notification', { number: index + 1 }) },
        }}
        onChange={(event) => onPick(Number(event.target.value))}
      >
        {options.map((ms) => (
          <MenuItem key={ms} value={ms}>
            {label(ms)}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={t('event.removeNotification', { number: index + 1 })}
        disabled={disabled}
        onClick={onRemove}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** At most 5 notifications; a new one takes the first unused default offset (core). */
export function NotificationsEditor({
  offsets,
  onChange,
  disabled = false,
}: NotificationsEditorProps) {
  const { t } = useTranslation('editors');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {offsets.map((offset, index) => (
        <NotificationRow
          key={index}
          offset={offset}
          index={index}
          disabled={disabled}
          onPick={(picked) => {
            const next = [...offsets];
            next[index] = picked;
            onChange(next);
          }}
          onRemove={() => onChange(offsets.filter((_, i) => i !== index))}
        />
      ))}
      {!disabled && (
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => onChange(addNotification(offsets))}
            disabled={!canAddNotification(offsets)}
          >
            {t('event.addNotification')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
