import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AnalysisEnv } from './analysis-api';
import { AnalysisLimitDialog, type AnalysisLimit } from './AnalysisLimitDialog';
import { needsFeature, type Frequency } from './periods';

const TABS: readonly Frequency[] = ['day', 'week', 'month', 'year', 'custom'];

function pathOf(frequency: Frequency): string {
  return frequency === 'day' ? '/analysis' : `/analysis/${frequency}`;
}

/**
 * Day, week, month, year and custom. A tab the account's tier does not include opens the
 * analysisTypeLimit dialog instead of navigating (the server refuses those points too).
 */
export function AnalysisTabs({ current, env }: { current: Frequency; env: AnalysisEnv }) {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const [limit, setLimit] = useState<AnalysisLimit | null>(null);
  const choose = (frequency: Frequency) => {
    const feature = needsFeature(frequency);
    if (feature && !env.features[feature]) setLimit(feature);
    else if (frequency !== current) void navigate(pathOf(frequency));
  };
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, value: Frequency) => choose(value)}
        variant="fullWidth"
        aria-label={t('tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((frequency) => (
          <Tab
            key={frequency}
            value={frequency}
            label={t(`tabs.${frequency}`)}
            sx={{ minWidth: 0, px: 1 }}
          />
        ))}
      </Tabs>
      <AnalysisLimitDialog
        limit={limit}
        isFree={env.premiumLevel < 1}
        onClose={() => setLimit(null)}
      />
    </>
  );
}
