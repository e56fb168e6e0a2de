import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as serverApi from './calendar-calls';
import { useCategories } from '../categories/categories-api';
import { showToast } from '../components/toast-store';
import { ChoiceSelect } from '../components/ChoiceSelect';
import { SettingRow } from '../components/SettingsSection';
import { appleBindQueryKey, syncAppleCalendar } from './apple-calendar';
import { getBridge } from '../bridge/bridge';
import { deviceInfoQuery, NATIVE_NAMESPACE } from '../bridge/native-queries';

const NOT_SYNCED = '';

/** The device's calendars, each bound to a category or not synced, and a request-sync button. */
export default function AppleCalendarBind() {
  const { t } = useTranslation(NATIVE_NAMESPACE);
  const client = useQueryClient();
  const device = useQuery(deviceInfoQuery()).data;
  const supported = device?.supportsAppleCalendar === true;
  const calendars = useQuery({
    queryKey: ['deviceCalendars'],
    queryFn: async () => (await getBridge()).listDeviceCalendars(),
    enabled: supported,
    meta: { handlesErrors: true },
  });
  const relations = useQuery({
    queryKey: appleBindQueryKey,
    queryFn: async () => (await serverApi.getAppleCalendarBindRelationship()).relations,
    enabled: supported,
  });
  const categories = useCategories().data ?? [];

  const bind = useMutation({
    mutationFn: async ({ title, categoryId }: { title: string; categoryId: string }) => {
      const others = (relations.data ?? []).filter((r) => r.calendarTitle !== title);
      const next =
        categoryId === NOT_SYNCED ? others : [...others, { calendarTitle: title, categoryId }];
      await serverApi.updateAppleCalendarBindRelationship({ relations: next });
      return next;
    },
    onSuccess: (next) => client.setQueryData(appleBindQueryKey, next),
    onError: (error) =>
      showToast({
        key: 'native:apple.failed',
        values: { message: error.message },
        severity: 'error',
      }),
  });
  const sync = useMutation({
    mutationFn: async () => syncAppleCalendar(await getBridge(), Date.now()),
    onSuccess: (outcome) => {
      showToast({ key: `native:apple.${outcome}`, severity: 'success' });
      void client.invalidateQueries({ queryKey: ['timeline'] });
    },
    onError: (error) =>
      showToast({
        key: 'native:apple.failed',
        values: { message: error.message },
        severity: 'error',
      }),
  });

  if (!supported) return null;
  const choices = [
    { value: NOT_SYNCED, label: t('apple.notSynced') },
    ...categories.map((category) => ({ value: category.id, label: category.title })),
  ];
  const boundTo = (title: string) =>
    relations.data?.find((r) => r.calendarTitle === title)?.categoryId ?? NOT_SYNCED;

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
