import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../editors/format';
import { ESTIMATES_NS, useEstimateAccuracy } from './estimates-api';
import { learnedEstimate } from './learned-estimate';

export interface EstimateSuggestionProps {
  categoryId: string | undefined;
  valueMs: number;
  isDev: boolean;
  onApply: (ms: number) => void;
}

/**
 * Under a new task's duration: what tasks of its category usually take, learned from done tasks
 * ("Tasks like this usually take 1 h 20 min — Use it"). Only a click applies it; once applied it
 * steps aside until the person types another estimate.
 */
export function EstimateSuggestion({
  categoryId,
  valueMs,
  isDev,
  onApply,
}: EstimateSuggestionProps) {
  const { t } = useTranslation([ESTIMATES_NS, 'editors']);
  const accuracy = useEstimateAccuracy().data;
  const [appliedMs, setAppliedMs] = useState<number | null>(null);
  if (categoryId === undefined || valueMs === appliedMs) return null;
  const ratio = accuracy?.find((a) => a.categoryId === categoryId)?.ratio;
  const suggested = learnedEstimate(valueMs, ratio, isDev);
  if (suggested === undefined) return null;
  return (
    <Alert
      severity="info"
      icon={<AutoAwesomeIcon fontSize="small" />}
      data-testid="estimate-suggestion"
      action={
        <Button
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => {
            setAppliedMs(suggested);
            onApply(suggested);
          }}
        >
          {t('suggestion.use')}
        </Button>
      }
    >
      {t('suggestion.text', { duration: formatDuration(suggested, t) })}
    </Alert>
  );
}
