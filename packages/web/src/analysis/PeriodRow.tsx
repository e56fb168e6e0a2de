import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { PlainCategory } from '../categories/categories-api';
import { categoryShares, totalOf, type CategoryShare } from '../charts/category-split';
import { CategoryBar } from '../charts/CategoryBar';
import { formatTracked, formatTrackedInWords } from '../charts/chart-format';
import type { StatisticsPoint } from './analysis-api';
import { CURRENT_KEYS, periodName } from './format';
import type { FromList } from './list-place';
import { detailPath, type ListFrequency } from './periods';
import type { PlannerPrefs } from '../editors/prefs';

/** The categories shown by name under a row; the bar shows them all, its name says them all. */
const NAMED_CATEGORIES = 3;

/**
 * What a screen reader says for a row: the period, its total in words and every category with
 * its time ("Today, Fri, Oct 23, 2026: 11 hours 40 minutes; Work 6 hours 4 minutes, …"), or
 * that no time was recorded. The words on screen would run together and stop at three categories.
 */
function rowName(
  period: string,
  shares: readonly CategoryShare[],
  languageTag: string,
  t: TFunction<['analysis', 'editors']>,
): string {
  const total = totalOf(shares);
  if (total === 0) return t('list.rowNameEmpty', { period });
  const categories = shares.map((share) =>
    t('list.categoryTime', {
      category: share.category?.title ?? t('noCategory'),
      time: formatTrackedInWords(share.ms, languageTag),
    }),
  );
  return t('list.rowName', {
    period,
    total: formatTrackedInWords(total, languageTag),
    categories: new Intl.ListFormat(languageTag, { type: 'conjunction' }).format(categories),
  });
}

/** One period of a list: a link to its detail with its total, its bar and its largest parts. */
export function PeriodRow({
  frequency,
  point,
  isCurrent,
  categories,
  filter,
  prefs,
  onOpen,
}: {
  frequency: ListFrequency;
  point: StatisticsPoint;
  isCurrent: boolean;
  categories: readonly PlainCategory[];
  filter: string;
  prefs: PlannerPrefs;
  /** Called as the row is opened (the list notes its place). */
  onOpen: () => void;
}) {
  const { t } = useTranslation(['analysis', 'editors']);
  const location = useLocation();
  const shares = categoryShares(point.categories, categories, filter);
  const total = totalOf(shares);
  const name = periodName(frequency, point, prefs);
  const current = t(CURRENT_KEYS[frequency]);
  const spokenPeriod = isCurrent ? t('list.currentName', { current, period: name }) : name;
  const fromList: FromList = { listKey: location.key, isListBehind: true };
  // A link, so the keyboard, a screen reader ("link") and a new tab all reach the period.
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={detailPath(frequency, point)}
        state={fromList}
        onClick={onOpen}
        aria-label={rowName(spokenPeriod, shares, prefs.languageTag, t)}
        data-testid="analysis-row"
        data-start={point.start}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          justifyItems: 'stretch',
          gap: 0.75,
          py: 1.5,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, flex: 1, minWidth: 0 }} noWrap>
            {isCurrent ? current : name}
            {isCurrent && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {name}
              </Typography>
            )}
          </Typography>
          <Typography data-testid="analysis-row-total" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {total > 0 ? formatTracked(total, t) : '–'}
          </Typography>
        </Box>
        <CategoryBar shares={shares} whole={total} />
        {shares.length > 0 && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {shares
              .slice(0, NAMED_CATEGORIES)
              .map((s) => `${s.category?.title ?? t('noCategory')} ${formatTracked(s.ms, t)}`)
              .join(' · ')}
          </Typography>
        )}
      </ListItemButton>
    </ListItem>
  );
}
