import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { ChunkLoadError } from '../app-status/lazy-screen';
import { reportFrontendError } from '../app-status/report-errors';
import appStatusStrings from '../i18n/app-status/en.json';
import { initTestI18n } from '../test/render';
import { ScreenErrorBoundary } from './ErrorBoundary';
import { theme } from './theme';

/** A screen that cannot show a value, as a stored date past what Intl formats once did. */
function BrokenScreen() {
  return <p>{new Intl.DateTimeFormat('en').format(8_640_000_000_000_001)}</p>;
}

vi.mock('../app-status/report-errors', () => ({ reportFrontendError: vi.fn() }));

/** A screen whose code did not arrive (lazyScreen throws this into the boundary). */
function UnloadedScreen(): never {
  throw new ChunkLoadError('Loading SettingsPage timed out after 120000 ms');
}

function FlakyScreen() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new RangeError('Invalid time value');
  return (
    <button type="button" onClick={() => setBroken(true)}>
      Break
    </button>
  );
}

function renderRoutes(route: string) {
  initTestI18n();
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[route]}>
        <ScreenErrorBoundary>
          <Routes>
            <Route path="/agenda" element={<p>Agenda screen</p>} />
            <Route path="/broken" element={<BrokenScreen />} />
            <Route path="/unloaded" element={<UnloadedScreen />} />
            <Route
              path="/flaky"
              element={
                <>
                  <Link to="/agenda">Agenda link</Link>
                  <FlakyScreen />
                </>
              }
            />
          </Routes>
        </ScreenErrorBoundary>
      </MemoryRouter>
    </ThemeProvider>,
    // React retries a failed concurrent render once in sync mode before the boundary takes
    // over, and reports that first failure as "recovered"; the app's root logs it.
    { onRecoverableError: () => {} },
  );
}

beforeEach(() => {
  // React and the boundary report the caught error on the console; the test expects it.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(reportFrontendError).mockReset();
});

describe('ScreenErrorBoundary', () => {
  it('shows a translated notice instead of a blank page, and goes back to the agenda', () => {
    renderRoutes('/broken');
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('This screen could not be shown.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the agenda' }));
    expect(screen.getByText('Agenda screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('catches an error thrown after the screen first rendered', () => {
    renderRoutes('/flaky');
    fireEvent.click(screen.getByRole('button', { name: 'Break' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This screen could not be shown.');
  });

  it('renders the screen itself when nothing fails', () => {
    renderRoutes('/agenda');
    expect(screen.getByText('Agenda screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports what it caught to the server', () => {
    renderRoutes('/flaky');
    fireEvent.click(screen.getByRole('button', { name: 'Break' }));
    expect(reportFrontendError).toHaveBeenCalledWith(
      new RangeError('Invalid time value'),
      expect.stringContaining('FlakyScreen'),
    );
  });

  it('shows a retry notice for a screen whose code did not load, reported where it failed', () => {
    initTestI18n();
    i18next.addResourceBundle('en', 'app-status', appStatusStrings);
    renderRoutes('/unloaded');
    expect(screen.getByRole('alert')).toHaveTextContent('This screen could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection, then try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(reportFrontendError).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the agenda' }));
    expect(screen.getByText('Agenda screen')).toBeInTheDocument();
  });
});
