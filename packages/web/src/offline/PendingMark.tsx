import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { useMutationState } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLabelOf, QUEUE_KEY } from './offline-queue';

/** Ids of the tasks and reminders with a change waiting in the offline queue. */
export function usePendingItemIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: [QUEUE_KEY], status: 'pending' },
    select: (mutation) => changeLabelOf(mutation)?.itemId ?? '',
  });
  return new Set(ids.filter((id) => id !== ''));
}

function Mark() {
  // Never suspends the list it sits in: nothing until the strings are there.
  const { t, ready } = useTranslation('offline', { useSuspense: false });
  if (!ready) return null;
  return (
    <CloudUploadIcon
      titleAccess={t('status.pendingMark')}
      data-testid="pending-mark"
      fontSize="inherit"
      sx={{ color: 'text.secondary', verticalAlign: 'middle', ml: 0.75 }}
    />
  );
}

/** A small cloud beside an item whose change is waiting to be sent. */
export function PendingMark({ id }: { id: string }) {
  const pending = usePendingItemIds().has(id);
  return pending ? <Mark /> : null;
}
