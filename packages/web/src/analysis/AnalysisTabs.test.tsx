import { featuresFor } from '@planner/core';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../i18n/analysis/de.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import type { AnalysisEnv } from './analysis-api';
import { AnalysisTabs } from './AnalysisTabs';

const ENV = {
  features: featuresFor({ premiumLevel: 1, referralCount: 0 }),
} as AnalysisEnv;

describe('AnalysisTabs', () => {
  it('gives each word its width: a long one widens its tab, and the row scrolls if need be', async () => {
    initTestI18n();
    i18next.addResourceBundle('de', 'analysis', de);
    await i18next.changeLanguage('de');
    try {
      renderWithProviders(<AnalysisTabs current="custom" env={ENV} />);
      const style = getComputedStyle(screen.getByRole('tab', { name: 'Zeitraum' }));
      expect(style.flexShrink).toBe('0');
      expect(style.flexBasis).toBe('auto');
      const scroller = screen.getByRole('tablist').parentElement as HTMLElement;
      expect(getComputedStyle(scroller).overflowX).toBe('auto');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
