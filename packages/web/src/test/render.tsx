import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { theme } from '../app/theme';
import legal from '../i18n/legal/en.json';
import translation from '../i18n/locales/en.json';

let isReady = false;

/** English strings loaded synchronously, so component tests assert on the real texts. */
export function initTestI18n(): void {
  if (isReady) return;
  isReady = true;
  void i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation, legal } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
}

export function renderWithProviders(ui: ReactElement, { route = '/' } = {}): RenderResult {
  initTestI18n();
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
