import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TIERS, type Limit, type PremiumLevel } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../components/visually-hidden';
import type { Tier } from './price-params';

const LEVELS: readonly PremiumLevel[] = [0, 1, 2];
const TIER_NAMES = ['free', 'premium', 'unlimited'] as const;

/**
 * The card's width, not the window's, decides the layout. Below 600 px four columns would split
 * words ("Jahresauswertung", "Безлимитный") where no hyphenation dictionary is at hand, so each
 * feature's name takes a line of its own above its three values, and no word is cut.
 */
const STACKED = '@container (max-width: 599.95px)';

const cardSx = { borderRadius: '16px', overflow: 'hidden', containerType: 'inline-size' } as const;

const tableSx = {
  tableLayout: 'fixed',
  '& td, & th': { hyphens: 'auto' },
  [STACKED]: {
    // Grid rows on a shared grid (subgrid) keep the tiers' columns aligned from row to row.
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    '& thead, & tbody, & tr': {
      display: 'grid',
      gridColumn: '1 / -1',
      gridTemplateColumns: 'subgrid',
    },
    '& td, & th': {
      fontSize: '0.8125rem',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      textAlign: 'center',
    },
    '& thead th:first-of-type': visuallyHidden,
    '& tbody th': {
      gridColumn: '1 / -1',
      justifyContent: 'flex-start',
      textAlign: 'start',
      borderBottom: 'none',
      pt: 1.25,
      pb: 0.25,
    },
  },
} as const;

/** The tiers side by side, read from core's tier table (the limits the server enforces). */
export function FeatureComparison({ selected }: { selected: Tier }) {
  const { t } = useTranslation('premium');
  const limit = (value: Limit, unit?: 'days') =>
    value === null
      ? t('compare.unlimited')
      : unit === 'days'
        ? t('compare.days', { count: value })
        : String(value);
  const yesNo = (value: boolean) =>
    value ? (
      <CheckIcon color="success" titleAccess={t('compare.yes')} fontSize="small" />
    ) : (
      <RemoveIcon color="disabled" titleAccess={t('compare.no')} fontSize="small" />
    );
  const rows: [string, (level: PremiumLevel) => React.ReactNode][] = [
    ['agendaLength', (level) => limit(TIERS[level].limits.agendaLengthDays, 'days')],
    ['trackedTasks', (level) => limit(TIERS[level].limits.trackedTasks)],
    ['customCategories', (level) => limit(TIERS[level].limits.customCategories)],
    ['historyEdit', (level) => yesNo(TIERS[level].features.historyEdit)],
    ['monthlyYearlyAnalysis', (level) => yesNo(TIERS[level].features.monthlyYearlyAnalysis)],
    ['customAnalysis', (level) => yesNo(TIERS[level].features.customAnalysis)],
    // Priority support comes with every paid tier.
    ['prioritySupport', (level) => yesNo(level > 0)],
  ];
  const highlight = selected === 'premium' ? 1 : 2;
  return (
    <Paper variant="outlined" sx={cardSx}>
      <Typography variant="h6" component="h2" sx={{ px: 2.5, pt: 2, pb: 1 }}>
        {t('compare.title')}
      </Typography>
      <Table size="small" aria-label={t('compare.title')} sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '40%' }}>{t('compare.feature')}</TableCell>
            {LEVELS.map((level) => (
              <TableCell
                key={level}
                align="center"
                sx={{
                  fontWeight: 700,
                  px: 0.5,
                  bgcolor: level === highlight ? 'action.selected' : undefined,
                }}
              >
                {t(`tiers.${TIER_NAMES[level]}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, cell]) => (
            <TableRow key={key}>
              <TableCell component="th" scope="row">
                {t(`compare.${key}`)}
              </TableCell>
              {LEVELS.map((level) => (
                <TableCell
                  key={level}
                  align="center"
                  sx={{ px: 0.5, bgcolor: level === highlight ? 'action.selected' : undefined }}
                >
                  {cell(level)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
