import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ErrorCode, RpcError } from '@planner/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import i18next from 'i18next';
import * as serverApi from './event-api';
import { describeError } from '../api/error-message';
import { EditorLoading, EditorNotFound } from '../editors/EditorStatus';
import { PickersProvider } from '../editors/PickersProvider';
import { usePlannerPrefs } from '../editors/prefs';
import { draftFromEvent, newEventDraft } from './event-draft';
import { EventEditor } from './EventEditor';
import { serverNow } from '../api/server-clock';

const newId = () => crypto.randomUUID();

export interface EventRouteParams {
  id: string;
  start: number;
  end: number;
  instanceNumber: number;
  isVirtual: boolean;
}

/** /event/{encodedEventId}/{start}/{end}/{instanceNumber}/{isVirtual}: isVirtual is the text true. */
export function parseEventRoute(
  params: Readonly<Record<string, string | undefined>>,
): EventRouteParams | null {
  const id = params['encodedEventId'];
  if (!id) return null;
  const number = (raw: string | undefined) => {
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : 0;
  };
  return {
    id,
    start: number(params['start']),
    end: number(params['end']),
    instanceNumber: Math.max(0, number(params['instanceNumber'])),
    isVirtual: params['isVirtual'] === 'true',
  };
}

function NewEvent() {
  const prefs = usePlannerPrefs();
  const [searchParams] = useSearchParams();
  const title = searchParams.get('title') ?? '';
  const initial = useMemo(() => newEventDraft(title, serverNow(), newId()), [title]);
  return <EventEditor eventRef={null} initial={initial} prefs={prefs} />;
}

/**
 * An existing event: the locally cached copy paints first, then the server's answer replaces the
 * form unless it was already edited (spec 4).
 */
function ExistingEvent({ route }: { route: EventRouteParams }) {
  const { t } = useTranslation('editors');
  const prefs = usePlannerPrefs();
  const query = useQuery({
    queryKey: [...serverApi.EVENT_EDITOR_KEY, route.id, route.instanceNumber],
    queryFn: async () =>
      (
        await serverApi.getEvent({
          event: { id: route.id, instanceNumber: route.instanceNumber, isVirtual: route.isVirtual },
        })
      ).event ?? null,
    staleTime: 0,
    meta: { persist: true },
  });
  const event = query.data ?? null;
  const initial = useMemo(() => (event ? draftFromEvent(event, newId()) : null), [event]);
  const eventRef = useMemo(
    () => (event ? { event, instanceStart: route.start || event.start } : null),
    [event, route.start],
  );
  if (query.isPending) return <EditorLoading />;
  // Only the server's "no such event" means it is gone; any other failure can be tried again.
  const isGone =
    (query.error instanceof RpcError && query.error.code === ErrorCode.NotFound) ||
    (query.isSuccess && !event);
  if (isGone) {
    return (
      <EditorNotFound
        message={t('event.notFound')}
        backTo="/agenda"
        backLabel={t('common.toAgenda')}
      />
    );
  }
  if (!initial || !eventRef) {
    return (
      <LoadFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <EventEditor eventRef={eventRef} initial={initial} prefs={prefs} />;
}

/**
 * The event could not be read (offline, a server fault): say what happened and offer to try
 * again. Only a not-found says the event is gone.
 */
function LoadFailed({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation(['editors', 'translation', 'app-status']);
  const reason = describeError(error, (key) => i18next.exists(key));
  return (
    <Box
      role="alert"
      sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
    >
      <Box>
        <Typography variant="h6" gutterBottom>
          {t('editors:event.loadFailed')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="event-load-reason">
          {reason
            ? t(`translation:${reason.key}`, reason.values)
            : t('app-status:chunkFailed.hint')}
        </Typography>
        <Button variant="contained" disableElevation onClick={onRetry} disabled={isRetrying}>
          {t('app-status:chunkFailed.retry')}
        </Button>
      </Box>
    </Box>
  );
}

/** /events/create?title= and /event/{id}/{start}/{end}/{instanceNumber}/{isVirtual} (spec 2). */
export default function EventEditorPage() {
  const route = parseEventRoute(useParams());
  return (
    <PickersProvider>
      {route ? (
        <ExistingEvent key={`${route.id}:${route.instanceNumber}`} route={route} />
      ) : (
        <NewEvent />
      )}
    </PickersProvider>
  );
}
