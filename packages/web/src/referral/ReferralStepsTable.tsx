import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { REFERRAL_FEATURE_THRESHOLDS, REFERRAL_STEPS, type ReferralStep } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../components/visually-hidden';
import { cardSx as referralCardSx } from './referral-layout';
import { REFERRAL_NS } from './referral-text';
import { StepName } from './ReferralStepName';

type Feature = keyof typeof REFERRAL_FEATURE_THRESHOLDS;
const FEATURES = Object.keys(REFERRAL_FEATURE_THRESHOLDS) as Feature[];

/*
 * The card's width, not the window's, decides the layout (the docked navigation leaves the card
 * narrower than the window). From a 360 px phone's card up, every language fits without a word
 * cut or a sideways scroll:
 * - from 760 px, what a level unlocks has a column of its own;
 * - below, it is written under the level's name;
 * - below 480 px, the level's name (and what it unlocks) takes a line of its own above the
 *   level's four numbers, whose headers ("Отслеживаемые задачи") need the whole width.
 */
const COMPACT = '@container (max-width: 759.95px)';
const STACKED = '@container (max-width: 479.95px)';

// The table runs to the card's edges. (px as breakpoints too: a plain px would lose to p's.)
const cardSx = { ...referralCardSx, px: { xs: 0, sm: 0 }, containerType: 'inline-size' } as const;

const UNLOCKS_UNDER_NAME = { display: 'none', [COMPACT]: { display: 'block' } } as const;

const tableSx = {
  '& td, & th': { hyphens: 'auto' },
  '& thead th': { verticalAlign: 'bottom', lineHeight: 1.3 },
  [COMPACT]: {
    '& td, & th': { px: 0.5, fontSize: '0.8125rem' },
    // The unlocks column (the last) gives way to the captions under the levels' names.
    '& thead th:last-of-type, & tbody td:last-of-type': { display: 'none' },
    // The first column and the last shown (the unlocks column is hidden) keep the card's margin.
    '& th:first-of-type': { pl: 1.5 },
    '& thead th:nth-last-of-type(2), & tbody td:nth-last-of-type(2)': { pr: 1.5 },
  },
  [STACKED]: {
    // Grid rows on a shared grid (subgrid): the number columns stay aligned from row to row.
    display: 'grid',
    gridTemplateColumns: 'repeat(4, auto)',
    '& thead, & tbody, & tr': {
      display: 'grid',
      gridColumn: '1 / -1',
      gridTemplateColumns: 'subgrid',
    },
    // Smaller headers and margins: "Отслеживаемые" and "acompanhadas" must fit 360 px whole.
    '& thead th': {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'flex-end',
      fontSize: '0.75rem',
    },
    '& thead th:first-of-type': visuallyHidden,
    '& tbody th': { gridColumn: '1 / -1', borderBottom: 'none', pt: 1, pb: 0 },
    // The level's name is above the numbers now: the numbers run from margin to margin.
    '& thead th:nth-of-type(2), & tbody td:first-of-type': { pl: 1 },
    '& thead th:nth-last-of-type(2), & tbody td:nth-last-of-type(2)': { pr: 1 },
  },
} as const;

/**
 * A card narrower still (a 320 px phone; the docked navigation leaves 272 px at a 600 px window)
 * scrolls the table sideways, and a shadow at the edge that hides more says so: the paper-coloured
 * covers move with the table and hide the fixed shadows once its end is in view.
 */
const scrollCueSx = {
  overflowX: 'auto',
  backgroundImage: ({ palette }: Theme) =>
    [
      `linear-gradient(to right, ${palette.background.paper}, ${palette.background.paper})`,
      `linear-gradient(to right, ${palette.background.paper}, ${palette.background.paper})`,
      `linear-gradient(to right, ${alpha(palette.text.primary, 0.18)}, transparent)`,
      `linear-gradient(to left, ${alpha(palette.text.primary, 0.18)}, transparent)`,
    ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '24px 100%, 24px 100%, 12px 100%, 12px 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
} as const;

/** The features a step unlocks, reached at exactly its referral count. */
function featuresUnlockedAt(step: ReferralStep): Feature[] {
  return FEATURES.filter((feature) => REFERRAL_FEATURE_THRESHOLDS[feature] === step.referrals);
}

/** The card with the table of steps, the account's current step marked. */
export function ReferralStepsTable({ count, current }: { count: number; current: ReferralStep }) {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <Paper variant="outlined" sx={cardSx}>
      <Typography variant="h6" component="h2" sx={{ px: { xs: 2.5, sm: 3 }, mb: 1 }}>
        {t('table.title')}
      </Typography>
      <TableContainer sx={scrollCueSx}>
        <Table size="small" aria-label={t('table.title')} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.level')}</TableCell>
              <TableCell align="right">{t('table.friends')}</TableCell>
              <TableCell align="right">{t('table.agendaDays')}</TableCell>
              <TableCell align="right">{t('table.tasks')}</TableCell>
              <TableCell align="right">{t('table.categories')}</TableCell>
              <TableCell>{t('table.unlocks')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {REFERRAL_STEPS.filter((step) => step.referrals > 0).map((step) => (
              <StepRow
                key={String(step.step)}
                step={step}
                isCurrent={count > 0 && step.step === current.step}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** One step: its name (with what it unlocks, on a narrow card), friends needed, what it adds. */
function StepRow({ step, isCurrent }: { step: ReferralStep; isCurrent: boolean }) {
  const { t } = useTranslation(REFERRAL_NS);
  const unlocks = featuresUnlockedAt(step)
    .map((feature) => t(`table.features.${feature}`))
    .join(', ');
  return (
    <TableRow selected={isCurrent} aria-current={isCurrent ? 'true' : undefined}>
      <TableCell component="th" scope="row">
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <StepName step={step} />
        </Box>
        {unlocks && (
          <Typography variant="caption" color="text.secondary" sx={UNLOCKS_UNDER_NAME}>
            {unlocks}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">{step.referrals}</TableCell>
      <TableCell align="right">+{step.agendaDays}</TableCell>
      <TableCell align="right">+{step.trackedTasks}</TableCell>
      <TableCell align="right">+{step.categories}</TableCell>
      <TableCell sx={{ minWidth: 140 }}>{unlocks}</TableCell>
    </TableRow>
  );
}
