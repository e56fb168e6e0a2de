import type { Locale as DateFnsLocale } from 'date-fns';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { usePickerAdapter } from '@mui/x-date-pickers/hooks';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useMemo, type ReactNode } from 'react';
import { weekStartsOn } from './periods';

/**
 * The pickers inside start their weeks on the account's first day of the week, as the week list
 * does, rather than on the language's (Sunday in English). Placed inside PickersProvider: it takes
 * that provider's language (formats and words) and changes only the week's first day.
 */
export function WeekStartPickers({
  firstDayOfWeek,
  children,
}: {
  firstDayOfWeek: string;
  children: ReactNode;
}) {
  const locale: DateFnsLocale | undefined = usePickerAdapter().locale;
  const firstDay = weekStartsOn(firstDayOfWeek);
  const adapterLocale = useMemo(
    () => locale && { ...locale, options: { ...locale.options, weekStartsOn: firstDay } },
    [locale, firstDay],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapterLocale}>
      {children}
    </LocalizationProvider>
  );
}
