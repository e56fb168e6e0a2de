import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

interface BoundaryProps {
  /** A change of this value (the route) clears a caught error: the new page gets its chance. */
  resetKey: string;
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
}

/** React catches render errors only in a class component's lifecycle methods. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for whoever looks; the person sees the fallback instead of a blank page.
    console.error('A screen failed to render', error, info.componentStack);
  }

  private readonly reset = (): void => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
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
 * Keeps the app usable when a screen throws while rendering (a value it cannot show, a bug):
 * a translated notice with a way back to the agenda and a reload, instead of a blank page.
 * Going to another route clears it.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={(reset) => <CrashNotice reset={reset} />}>
      {children}
    </Boundary>
  );
}
