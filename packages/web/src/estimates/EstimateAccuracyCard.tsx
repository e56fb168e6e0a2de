import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../categories/categories-api';
import { CategoryIcon } from '../categories/CategoryIcon';
import { languageTag, localeOf } from '../i18n/i18n';
import { ESTIMATES_NS, useEstimateAccuracy } from './estimates-api';

/**
 * How long done tasks took against their estimates, per category ("your Work tasks take 1.3x
 * their estimate"). Hidden until there is a done, tracked task; until a category has the three
 * the server needs to learn, a line says what it waits for.
 */
export function EstimateAccuracyCard() {
  const { t, i18n } = useTranslation(ESTIMATES_NS);
  const accuracy = useEstimateAccuracy().data ?? [];
  const categories = new Map((useCategories().data ?? []).map((c) => [c.id, c]));
  if (accuracy.length === 0) return null;
  const learned = accuracy.filter((a) => a.ratio > 0);
  const ratio = new Intl.NumberFormat(languageTag(localeOf(i18n.language)), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      data-testid="estimate-accuracy"
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('card.title')}
      </Typography>
      {learned.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('card.learning')}
        </Typography>
      )}
      {learned.map((a) => {
        const category = categories.get(a.categoryId);
        const name = category?.title ?? t('card.noCategory');
        return (
          <Box
            key={a.categoryId}
            data-testid="estimate-accuracy-row"
            sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}
          >
            <Box sx={{ pt: 0.25 }}>
              <CategoryIcon icon={category?.icon ?? ''} color={category?.color ?? ''} size={20} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">
                {t('card.ratio', { category: name, ratio: ratio.format(a.ratio) })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('card.basis', { count: a.doneTasks })}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}
