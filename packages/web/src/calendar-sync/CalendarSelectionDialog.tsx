import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories, type PlainCategory } from '../categories/categories-api';
import { categoryColorHex } from '../categories/category-style';
import { CALENDAR_SYNC_NAMESPACE, type CalendarEntry } from './calendar-api';

export interface CalendarSelectionDialogProps {
  title: string;
  entries: readonly CalendarEntry[];
  /** CalDAV: one calendar may receive the plan ("publish my plan here"). */
  allowPublish?: boolean;
  confirmLabel: string;
  /** Saves the choice; the dialog stays open (and says nothing) while it runs. */
  onConfirm: (entries: CalendarEntry[]) => Promise<unknown>;
  /** Cancelling aborts silently (spec): nothing is saved and nothing is said. */
  onCancel: () => void;
  testId?: string;
}

/** The category a calendar's events get: its own, else the person's first category. */
function categoryOf(entry: CalendarEntry, categories: readonly PlainCategory[]): string {
  if (entry.categoryId && categories.some((c) => c.id === entry.categoryId))
    return entry.categoryId;
  return categories[0]?.id ?? entry.categoryId;
}

const rowSx = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: 1,
  rowGap: 0.5,
  py: 1.25,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

interface CalendarRowProps {
  entry: CalendarEntry;
  categories: readonly PlainCategory[];
  allowPublish: boolean;
  onChange: (patch: Partial<CalendarEntry>) => void;
}

/** One calendar: its colour and name, the busy switch, its category and (CalDAV) publish. */
function CalendarRow({ entry, categories, allowPublish, onChange }: CalendarRowProps) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (
    <Box data-calendar={entry.title} sx={rowSx}>
      <CalendarName entry={entry} />
      <FormControlLabel
        labelPlacement="start"
        label={t('selection.busy')}
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={entry.syncEnabled}
            onChange={(_, syncEnabled) => onChange({ syncEnabled })}
            slotProps={{
              input: {
                'aria-label': t('selection.busyFor', { calendar: entry.title }),
              },
            }}
          />
        }
      />
      <Box
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <CalendarCategorySelect entry={entry} categories={categories} onChange={onChange} />
        {allowPublish && (
          <FormControlLabel
            sx={{ ml: 'auto', mr: 0 }}
            label={t('selection.publish')}
            control={
              <Radio
                checked={entry.publish}
                onChange={() => onChange({ publish: true })}
                slotProps={{
                  input: { 'aria-label': t('selection.publishFor', { calendar: entry.title }) },
                }}
              />
            }
          />
        )}
      </Box>
    </Box>
  );
}

function CalendarName({ entry }: { entry: CalendarEntry }) {
  const titleId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          width: 12,
          height: 12,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: entry.color || 'action.disabled',
        }}
      />
      <Typography id={titleId} noWrap sx={{ fontWeight: 500 }}>
        {entry.title}
      </Typography>
    </Box>
  );
}

/** The category the calendar's events get; off while the calendar is not busy time. */
function CalendarCategorySelect({
  entry,
  categories,
  onChange,
}: Omit<CalendarRowProps, 'allowPublish'>) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const categoryLabelId = useId();
  return (
    <>
      <Typography id={categoryLabelId} variant="body2" color="text.secondary">
        {t('selection.category')}
      </Typography>
      <Select
        size="small"
        value={categoryOf(entry, categories)}
        disabled={!entry.syncEnabled || categories.length === 0}
        onChange={(event) => onChange({ categoryId: event.target.value })}
        inputProps={{ 'aria-label': t('selection.categoryFor', { calendar: entry.title }) }}
        sx={{ minWidth: 160, flex: '1 1 160px', maxWidth: 280 }}
      >
        {categories.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: categoryColorHex(c.color),
                mr: 1,
              }}
            />
            {c.title}
          </MenuItem>
        ))}
      </Select>
    </>
  );
}

/**
 * The list with one calendar changed. One publish calendar at most, and never one that is also
 * busy time (the server refuses both): publishing into a calendar turns its busy switch off, and
 * the other way round.
 */
function withChange(
  list: CalendarEntry[],
  id: string,
  patch: Partial<CalendarEntry>,
): CalendarEntry[] {
  return list.map((entry) => {
    if (entry.id === id) {
      const next = { ...entry, ...patch };
      if (patch.publish) next.syncEnabled = false;
      if (patch.syncEnabled) next.publish = false;
      return next;
    }
    return patch.publish ? { ...entry, publish: false } : entry;
  });
}

/** The choice being made, and its save (one at a time). */
function useCalendarChoice(
  initial: readonly CalendarEntry[],
  categories: readonly PlainCategory[],
  onConfirm: CalendarSelectionDialogProps['onConfirm'],
) {
  const [entries, setEntries] = useState<CalendarEntry[]>(() => [...initial]);
  const [isBusy, setBusy] = useState(false);
  const change = (id: string, patch: Partial<CalendarEntry>) =>
    setEntries((list) => withChange(list, id, patch));
  const publishNone = () =>
    setEntries((list) => list.map((entry) => ({ ...entry, publish: false })));
  const confirm = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      // The categories as shown: an empty one becomes the first category it displays.
      await onConfirm(
        entries.map((entry) => ({ ...entry, categoryId: categoryOf(entry, categories) })),
      );
    } finally {
      setBusy(false);
    }
  };
  return { entries, isBusy, change, publishNone, confirm };
}

/**
 * Which calendars count as busy time, each with the category its events get (and, for CalDAV,
 * the one calendar the plan is published into).
 */
export function CalendarSelectionDialog(props: CalendarSelectionDialogProps) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const titleId = useId();
  const isPhone = useMediaQuery('(max-width: 599px)', { noSsr: true });
  const categories = useCategories().data ?? [];
  const choice = useCalendarChoice(props.entries, categories, props.onConfirm);
  const { entries, isBusy } = choice;
  const hasPublish = entries.some((entry) => entry.publish);
  return (
    <Dialog
      open
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!isBusy) props.onCancel();
      }}
      data-testid={props.testId}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('selection.hint')}
        </Typography>
        {entries.length === 0 && <Typography sx={{ py: 2 }}>{t('selection.none')}</Typography>}
        {entries.map((entry) => (
          <CalendarRow
            key={entry.id}
            entry={entry}
            categories={categories}
            allowPublish={props.allowPublish ?? false}
            onChange={(patch) => choice.change(entry.id, patch)}
          />
        ))}
        {props.allowPublish && entries.length > 0 && (
          <FormControlLabel
            sx={{ mt: 1 }}
            label={t('selection.publishNone')}
            control={<Radio checked={!hasPublish} onChange={choice.publishNone} />}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={isBusy}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void choice.confirm()} disabled={isBusy}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
