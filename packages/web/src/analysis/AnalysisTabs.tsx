import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { limitStore } from '../limits/limit-store';
import type { AnalysisEnv } from './analysis-api';
import { needsFeature, type Frequency } from './periods';

const TABS: readonly Frequency[] = ['day', 'week', 'month', 'year', 'custom'];

/** The server's message for the analysis guard; the app's one limit dialog words it. */
export const ANALYSIS_LIMIT_MESSAGE = 'analysisTypeLimit';

function pathOf(frequency: Frequency): string {
  return frequency === 'day' ? '/analysis' : `/analysis/${frequency}`;
}

/**
 * Day, week, month, year and custom. A tab the account's tier does not include opens the app's
 * limit dialog with analysisTypeLimit (as the server's 4201 would) instead of navigating: only
 * paid tiers lack no feature, so it is always the "premium only" one.
 */
export function AnalysisTabs({ current, env }: { current: Frequency; env: AnalysisEnv }) {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const choose = (frequency: Frequency) => {
    const feature = needsFeature(frequency);
    if (feature && !env.features[feature]) {
      limitStore.show({ kind: 'premiumOnly', message: ANALYSIS_LIMIT_MESSAGE });
    } else if (frequency !== current) void navigate(pathOf(frequency));
  };
  // The tabs share the row, each at least as wide as its word: a long word ("Zeitraum",
  // "Personalizzato" on a 360 px phone) widens its tab, and if the row cannot hold them all it
  // scrolls, rather than a word running out of its tab (equal fifths did).
  return (
    <Tabs
      value={current}
      onChange={(_, value: Frequency) => choose(value)}
      variant="scrollable"
      scrollButtons={false}
      aria-label={t('tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((frequency) => (
        <Tab
          key={frequency}
          value={frequency}
          label={t(`tabs.${frequency}`)}
          sx={{ minWidth: 0, px: 1, flex: '1 0 auto' }}
        />
      ))}
    </Tabs>
  );
}
