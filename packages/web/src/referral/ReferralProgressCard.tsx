import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { cardSx } from './referral-layout';
import type { ReferralProgress } from './referral-progress';
import { REFERRAL_NS } from './referral-text';
import { StepName } from './ReferralStepName';

export type ReferralDialog = 'share' | 'enter' | 'redeem';

interface ReferralProgressCardProps {
  progress: ReferralProgress;
  unverifiedCount: number;
  isReferred: boolean;
  canEnterCode: boolean;
  onOpen: (dialog: ReferralDialog) => void;
}

/** The top card: what referrals are for, how far the account has come, and the three actions. */
export function ReferralProgressCard({
  progress,
  unverifiedCount,
  isReferred,
  canEnterCode,
  onOpen,
}: ReferralProgressCardProps) {
  return (
    <Paper variant="outlined" sx={cardSx}>
      <ReferralIntro />
      <ReferralProgressBar progress={progress} />
      <ReferralNotes
        unverifiedCount={unverifiedCount}
        isReferred={isReferred}
        isPaid={progress.isPaid}
      />
      <ReferralActions canEnterCode={canEnterCode} onOpen={onOpen} />
    </Paper>
  );
}

function ReferralIntro() {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <CardGiftcardIcon color="primary" sx={{ fontSize: 40 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
    </Box>
  );
}

/** The count of friends, the current step, the bar and what is left to the next step. */
function ReferralProgressBar({ progress }: { progress: ReferralProgress }) {
  const { t } = useTranslation(REFERRAL_NS);
  const { count, current, next, percent } = progress;
  return (
    <>
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
        value={percent}
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
    </>
  );
}

/** Friends still to verify, and why the account may gain less from referrals. */
function ReferralNotes({
  unverifiedCount,
  isReferred,
  isPaid,
}: {
  unverifiedCount: number;
  isReferred: boolean;
  isPaid: boolean;
}) {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <>
      {unverifiedCount > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('progress.unverified', { count: unverifiedCount })}
        </Typography>
      )}
      {isReferred && (
        <Typography variant="body2" color="text.secondary">
          {t('progress.referred')}
        </Typography>
      )}
      {isPaid && (
        <Typography variant="body2" color="text.secondary">
          {t('progress.paid')}
        </Typography>
      )}
    </>
  );
}

function ReferralActions({
  canEnterCode,
  onOpen,
}: {
  canEnterCode: boolean;
  onOpen: (dialog: ReferralDialog) => void;
}) {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2.5 }}>
      <Button
        variant="contained"
        disableElevation
        startIcon={<ShareIcon />}
        onClick={() => onOpen('share')}
      >
        {t('share.open')}
      </Button>
      {canEnterCode && (
        <Button variant="outlined" startIcon={<KeyboardIcon />} onClick={() => onOpen('enter')}>
          {t('enter.open')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<RedeemIcon />} onClick={() => onOpen('redeem')}>
        {t('redeem.open')}
      </Button>
    </Box>
  );
}
