import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../components/ChoiceSelect';
import { SettingRow } from '../components/SettingsSection';
import { NATIVE_NAMESPACE } from '../bridge/native-queries';
import { NOT_SYNCED, useAppleCalendarBind } from './use-apple-calendar-bind';

/** The device's calendars, each bound to a category or not synced, and a request-sync button. */
export default function AppleCalendarBind() {
  const { t } = useTranslation(NATIVE_NAMESPACE);
  const { supported, calendars, categories, boundTo, bind, sync } = useAppleCalendarBind();

  if (!supported) return null;
  const choices = [
    { value: NOT_SYNCED, label: t('apple.notSynced') },
    ...categories.map((category) => ({ value: category.id, label: category.title })),
  ];
  return (
    <Box data-testid="apple-calendar" sx={{ display: 'grid', gap: 1 }}>
      <Divider sx={{ my: 0.5 }} />
      <Typography variant="subtitle1">{t('apple.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('apple.hint')}
      </Typography>
      {calendars.isError && <Typography color="error">{t('apple.noAccess')}</Typography>}
      {calendars.data?.length === 0 && <Typography>{t('apple.none')}</Typography>}
      {calendars.data?.map((calendar) => (
        <SettingRow key={calendar.title} label={calendar.title}>
          {(labelId) => (
            <ChoiceSelect
              name={`apple-${calendar.title}`}
              labelId={labelId}
              value={boundTo(calendar.title)}
              choices={choices}
              onChange={(categoryId) => bind.mutate({ title: calendar.title, categoryId })}
            />
          )}
        </SettingRow>
      ))}
      <Box>
        <Button variant="outlined" onClick={() => sync.mutate()} disabled={sync.isPending}>
          {t('apple.syncNow')}
        </Button>
      </Box>
    </Box>
  );
}
