import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  canEnterReferralCode,
  nextReferralStep,
  premiumLevelOf,
  REFERRAL_FEATURE_THRESHOLDS,
  REFERRAL_STEPS,
  referralCount,
  referralStepFor,
  type ReferralStep,
} from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQueryKey, useProfile } from '../api/profile';
import { EnterCodeDialog, RedeemDialog, ShareCodeDialog } from './ReferralDialogs';
import { REFERRAL_NS } from './referral-text';

type Feature = keyof typeof REFERRAL_FEATURE_THRESHOLDS;
const FEATURES = Object.keys(REFERRAL_FEATURE_THRESHOLDS) as Feature[];

/** The step's name: 1..6, then the top. */
function StepName({ step }: { step: ReferralStep }) {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <>{step.step === 'max' ? t('progress.topStep') : t('progress.step', { step: step.step })}</>
  );
}

const cardSx = { p: { xs: 2.5, sm: 3 }, borderRadius: '16px' } as const;
const frameSx = {
  width: '100%',
  maxWidth: 860,
  mx: 'auto',
  px: { xs: 1.5, sm: 3 },
  py: { xs: 2, sm: 3 },
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  gap: 2.5,
} as const;

/** The unlocks column is for wider screens; a phone reads them under each level's name. */
const UNLOCKS_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * /referral: how far the account's referrals have raised its free limits, the table of steps,
 * and the dialogs to share the code, enter a friend's code (not once referred) and redeem a code.
 */
export default function ReferralPage() {
  const { t } = useTranslation(REFERRAL_NS);
  const queryClient = useQueryClient();
  const user = useProfile().data?.user;
  // Friends sign up and verify elsewhere: the counts are read afresh whenever the page opens.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);
  const [dialog, setDialog] = useState<'share' | 'enter' | 'redeem' | null>(null);
  if (!user) {
    return (
      <Box sx={frameSx}>
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }

  const count = referralCount(user);
  const current = referralStepFor(count);
  const next = nextReferralStep(count);
  const progress = next
    ? (100 * (count - current.referrals)) / (next.referrals - current.referrals)
    : 100;
  const isPaid = premiumLevelOf(user.premiumLevel) > 0;
  const close = () => setDialog(null);

  return (
    <Box sx={frameSx}>
      <Paper variant="outlined" sx={cardSx}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <CardGiftcardIcon color="primary" sx={{ fontSize: 40 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1">
              {t('title')}
            </Typography>
            <Typography color="text.secondary">{t('intro')}</Typography>
          </Box>
        </Box>
        <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="referral-count">
            {t('progress.count', { count })}
          </Typography>
          <Typography color="text.secondary">
            {count > 0 ? <StepName step={current} /> : null}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t('progress.count', { count })}
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {next
            ? t('progress.next', {
                remaining: next.referrals - count,
                step: next.step === 'max' ? t('progress.topStep') : next.step,
              })
            : t('progress.top')}
        </Typography>
        {user.unverifiedReferralCount > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('progress.unverified', { count: user.unverifiedReferralCount })}
          </Typography>
        )}
        {user.isReferred && (
          <Typography variant="body2" color="text.secondary">
            {t('progress.referred')}
          </Typography>
        )}
        {isPaid && (
          <Typography variant="body2" color="text.secondary">
            {t('progress.paid')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
          <Button
            variant="contained"
            disableElevation
            startIcon={<ShareIcon />}
            onClick={() => setDialog('share')}
          >
            {t('share.open')}
          </Button>
          {canEnterReferralCode(user) && (
            <Button
              variant="outlined"
              startIcon={<KeyboardIcon />}
              onClick={() => setDialog('enter')}
            >
              {t('enter.open')}
            </Button>
          )}
          <Button variant="outlined" startIcon={<RedeemIcon />} onClick={() => setDialog('redeem')}>
            {t('redeem.open')}
          </Button>
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ ...cardSx, px: { xs: 0, sm: 0 } }}>
        <Typography variant="h6" component="h2" sx={{ px: { xs: 2.5, sm: 3 }, mb: 1 }}>
          {t('table.title')}
        </Typography>
        {/* A 360 px phone fits it whole: the headers wrap, and what a level unlocks is
            written under its name instead of in a column of its own. */}
        <TableContainer>
          <Table
            size="small"
            aria-label={t('table.title')}
            sx={{
              '& td, & th': {
                px: { xs: 0.5, sm: 2 },
                fontSize: { xs: '0.8125rem', sm: undefined },
              },
              '& td:first-of-type, & th:first-of-type': { pl: { xs: 1.5, sm: 2 } },
              '& td:last-of-type, & th:last-of-type': { pr: { xs: 1.5, sm: 2 } },
              '& th': { verticalAlign: 'bottom', lineHeight: 1.3, hyphens: 'auto' },
            }}
          >
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
              {REFERRAL_STEPS.filter((step) => step.referrals > 0).map((step) => {
                const isCurrent = count > 0 && step.step === current.step;
                const unlocks = FEATURES.filter(
                  (feature) => REFERRAL_FEATURE_THRESHOLDS[feature] === step.referrals,
                )
                  .map((feature) => t(`table.features.${feature}`))
                  .join(', ');
                return (
                  <TableRow
                    key={String(step.step)}
                    selected={isCurrent}
                    aria-current={isCurrent ? 'true' : undefined}
                  >
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
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <ShareCodeDialog open={dialog === 'share'} onClose={close} code={user.referralCode} />
      <EnterCodeDialog open={dialog === 'enter'} onClose={close} />
      <RedeemDialog open={dialog === 'redeem'} onClose={close} email={user.email} />
    </Box>
  );
}
