import Typography from '@mui/material/Typography';
import {
  onlineManager,
  useIsFetching,
  useMutationState,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../api/session';
import { useConflicts } from './conflict-store';
import { QUEUE_KEY } from './offline-queue';

/** After the screen's own requests have been quiet this long: the warm-up only fills gaps. */
const WARM_UP_DELAY_MS = 3000;

// The panel and its strings load only when there is something to show, so the first paint of
// an online start carries none of it.
const OfflinePanel = lazy(() => import('./OfflinePanel'));

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(() => listener());
const isOnline = () => onlineManager.isOnline();

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, isOnline);
}

/** How many changes wait in the offline queue. */
export function usePendingCount(): number {
  return useMutationState({ filters: { mutationKey: [QUEUE_KEY], status: 'pending' } }).length;
}

/** Loads what an offline session needs, given by the app. */
export type WarmUp = (client: QueryClient) => Promise<void>;

/** Loads what an offline session needs once per sign-in, while online (app/warm-up.ts). */
function useOfflineWarmUp(online: boolean, warmUpFor: WarmUp): void {
  const client = useQueryClient();
  const token = useSessionToken();
  // The first screen's own data comes first: on a slow start the warm-up waits until nothing is
  // being fetched, so it never competes with what the person is waiting to see.
  const isQuiet = useIsFetching() === 0;
  const warmedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!online) warmedFor.current = null;
    if (!token || !online || !isQuiet || warmedFor.current === token) return;
    const timer = setTimeout(() => {
      warmedFor.current = token;
      // Gone offline meanwhile: the screens say what they miss.
      void warmUpFor(client).catch(() => undefined);
    }, WARM_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token, online, isQuiet, warmUpFor, client]);
}

/**
 * The status without its panel: when the panel's code cannot be loaded (the connection went
 * before it was ever fetched), the app says so plainly instead of failing as a whole.
 */
function PlainOfflineNotice() {
  const { t } = useTranslation();
  return (
    <Typography
      role="status"
      data-testid="offline-status"
      variant="body2"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: 16,
        zIndex: 1400,
        maxWidth: 'calc(100vw - 32px)',
        px: 1.5,
        py: 0.75,
        borderRadius: 4,
        bgcolor: 'grey.800',
        color: 'common.white',
      }}
    >
      {t('offline.needsOnlineStart', {
        defaultValue: 'Offline. Open Planner once online so it can work offline.',
      })}
    </Typography>
  );
}

class PanelBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override render(): ReactNode {
    return this.state.hasFailed ? <PlainOfflineNotice /> : this.props.children;
  }
}

/**
 * Offline: a small indicator while offline or while changes wait to be sent (with their count),
 * and a dialog for a change the server refused when it was sent (issue 18).
 */
export function OfflineStatus({ warmUp }: { warmUp: WarmUp }) {
  const online = useIsOnline();
  const pending = usePendingCount();
  const conflicts = useConflicts();
  useOfflineWarmUp(online, warmUp);
  if (online && pending === 0 && conflicts.length === 0) return null;
  return (
    <PanelBoundary>
      <Suspense fallback={null}>
        <OfflinePanel online={online} pending={pending} conflict={conflicts[0] ?? null} />
      </Suspense>
    </PanelBoundary>
  );
}
