import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { REFERRAL_FEATURE_THRESHOLDS, REFERRAL_STEPS, type ReferralStep } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { cardSx } from './referral-layout';
import { REFERRAL_NS } from './referral-text';
import { StepName } from './ReferralStepName';

type Feature = keyof typeof REFERRAL_FEATURE_THRESHOLDS;
const FEATURES = Object.keys(REFERRAL_FEATURE_THRESHOLDS) as Feature[];

/** The unlocks column is for wider screens; a phone reads them under each level's name. */
const UNLOCKS_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;

const tableSx = {
  '& td, & th': {
    px: { xs: 0.5, sm: 2 },
    fontSize: { xs: '0.8125rem', sm: undefined },
  },
  '& td:first-of-type, & th:first-of-type': { pl: { xs: 1.5, sm: 2 } },
  '& td:last-of-type, & th:last-of-type': { pr: { xs: 1.5, sm: 2 } },
  '& th': { verticalAlign: 'bottom', lineHeight: 1.3, hyphens: 'auto' },
} as const;

/** The features a step unlocks, reached at exactly its referral count. */
function featuresUnlockedAt(step: ReferralStep): Feature[] {
  return FEATURES.filter((feature) => REFERRAL_FEATURE_THRESHOLDS[feature] === step.referrals);
}

/**
 * The card with the table of steps, the account's current step marked.
 * A 360 px phone fits it whole: the headers wrap, and what a level unlocks is written under its
 * name instead of in a column of its own.
 */
export function ReferralStepsTable({ count, current }: { count: number; current: ReferralStep }) {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <Paper variant="outlined" sx={{ ...cardSx, px: { xs: 0, sm: 0 } }}>
      <Typography variant="h6" component="h2" sx={{ px: { xs: 2.5, sm: 3 }, mb: 1 }}>
        {t('table.title')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('table.title')} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.level')}</TableCell>
              <TableCell align="right">{t('table.friends')}</TableCell>
              <TableCell align="right">{t('table.agendaDays')}</TableCell>
              <TableCell align="right">{t('table.tasks')}</TableCell>
              <TableCell align="right">{t('table.categories')}</TableCell>
              <TableCell sx={UNLOCKS_COLUMN}>{t('table.unlocks')}</TableCell>
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

/** One step: its name (with what it unlocks on a phone), friends needed, and what it adds. */
function StepRow({ step, isCurrent }: { step: ReferralStep; isCurrent: boolean }) {
  const { t } = useTranslation(REFERRAL_NS);
  const unlocks = featuresUnlockedAt(step)
    .map((feature) => t(`table.features.${feature}`))
    .join(', ');
  return (
    <TableRow selected={isCurrent} aria-current={isCurrent ? 'true' : undefined}>
      <TableCell>
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <StepName step={step} />
        </Box>
        {unlocks && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: { xs: 'block', sm: 'none' } }}
          >
            {unlocks}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">{step.referrals}</TableCell>
      <TableCell align="right">+{step.agendaDays}</TableCell>
      <TableCell align="right">+{step.trackedTasks}</TableCell>
      <TableCell align="right">+{step.categories}</TableCell>
      <TableCell sx={{ ...UNLOCKS_COLUMN, minWidth: 140 }}>{unlocks}</TableCell>
    </TableRow>
  );
}
