import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ChunkLoadError } from '../app-status/lazy-screen';
import { reportFrontendError } from '../app-status/report-errors';

interface BoundaryProps {
  /** A change of this value (the route) clears a caught error: the new page gets its chance. */
  resetKey: string;
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error?: unknown;
}

/** React catches render errors only in a class component's lifecycle methods. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever looks; the person sees the fallback instead of a blank page.
    console.error('A screen failed to render', error, info.componentStack);
    // A screen's code that did not load was reported where it failed to load.
    if (!(error instanceof ChunkLoadError)) {
      reportFrontendError(error, info.componentStack ?? undefined);
    }
  }

  private readonly reset = (): void => this.setState({ failed: false, error: undefined });

  override render(): ReactNode {
    return this.state.failed
      ? this.props.fallback(this.state.error, this.reset)
      : this.props.children;
  }
}

function CrashNotice({ reset }: { reset: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const backToAgenda = () => {
    reset();
    void navigate('/agenda');
  };
  return (
    <Box role="alert" sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Stack spacing={2} sx={{ maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h6" component="h1">
          {t('errors.screenFailed')}
        </Typography>
        <Typography color="text.secondary">{t('errors.screenFailedHint')}</Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={backToAgenda}>
            {t('errors.backToAgenda')}
          </Button>
          <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * A screen's code did not arrive (offline, or a new version replaced the files): a reload
 * fetches it again. React keeps a failed lazy import failed, so trying again in place would not.
 * The strings are loaded at start, and the English ones are kept here for when even they fail.
 */
function ChunkFailedNotice({ reset }: { reset: () => void }) {
  const { t } = useTranslation('app-status', { useSuspense: false });
  const { t: tApp } = useTranslation(undefined, { useSuspense: false });
  const navigate = useNavigate();
  const backToAgenda = () => {
    reset();
    void navigate('/agenda');
  };
  return (
    <Box role="alert" sx={{ minHeight: '60dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Stack spacing={2} sx={{ maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h6" component="h1">
          {t('chunkFailed.title', { defaultValue: 'This screen could not be loaded' })}
        </Typography>
        <Typography color="text.secondary">
          {t('chunkFailed.hint', {
            defaultValue: 'Check your connection, then try again.',
          })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('chunkFailed.retry', { defaultValue: 'Try again' })}
          </Button>
          <Button onClick={backToAgenda}>{tApp('errors.backToAgenda')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * Keeps the app usable when a screen throws while rendering (a value it cannot show, a bug):
 * a translated notice with a way back to the agenda and a reload, instead of a blank page; the
 * error is reported to the server. A screen whose code did not load gets a retry notice instead.
 * Going to another route clears it.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary
      resetKey={pathname}
      fallback={(error, reset) =>
        error instanceof ChunkLoadError ? (
          <ChunkFailedNotice reset={reset} />
        ) : (
          <CrashNotice reset={reset} />
        )
      }
    >
      {children}
    </Boundary>
  );
}
