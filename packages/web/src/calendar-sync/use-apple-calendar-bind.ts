import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as serverApi from './calendar-calls';
import { useCategories } from '../categories/categories-api';
import { showToast } from '../components/toast-store';
import { appleBindQueryKey, syncAppleCalendar } from './apple-calendar';
import { getBridge } from '../bridge/bridge';
import { deviceInfoQuery } from '../bridge/native-queries';

/** The choice of a calendar bound to no category. */
export const NOT_SYNCED = '';

function showAppleFailure(error: Error) {
  showToast({ key: 'native:apple.failed', values: { message: error.message }, severity: 'error' });
}

/**
 * The device's calendars and the categories they are bound to (read only where the device has
 * Apple's calendar), with the change of a binding and the request to sync.
 */
export function useAppleCalendarBind() {
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
    onError: showAppleFailure,
  });
  const sync = useMutation({
    mutationFn: async () => syncAppleCalendar(await getBridge(), Date.now()),
    onSuccess: (outcome) => {
      showToast({ key: `native:apple.${outcome}`, severity: 'success' });
      void client.invalidateQueries({ queryKey: ['timeline'] });
    },
    onError: showAppleFailure,
  });

  const boundTo = (title: string) =>
    relations.data?.find((r) => r.calendarTitle === title)?.categoryId ?? NOT_SYNCED;

  return { supported, calendars, categories, boundTo, bind, sync };
}
