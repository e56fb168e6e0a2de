import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { canEnterReferralCode } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { profileQueryKey, useProfile } from '../api/profile';
import { EnterCodeDialog, RedeemDialog, ShareCodeDialog } from './ReferralDialogs';
import { frameSx } from './referral-layout';
import { referralProgressOf } from './referral-progress';
import { ReferralProgressCard, type ReferralDialog } from './ReferralProgressCard';
import { ReferralStepsTable } from './ReferralStepsTable';

/** The profile, read afresh on open: friends sign up and verify elsewhere. */
function useFreshProfileUser() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);
  return useProfile().data?.user;
}

/**
 * /referral: how far the account's referrals have raised its free limits, the table of steps,
 * and the dialogs to share the code, enter a friend's code (not once referred) and redeem a code.
 */
export default function ReferralPage() {
  const user = useFreshProfileUser();
  const [dialog, setDialog] = useState<ReferralDialog | null>(null);
  if (!user) {
    return (
      <Box sx={frameSx}>
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }

  const progress = referralProgressOf(user);
  const close = () => setDialog(null);
  return (
    <Box sx={frameSx}>
      <ReferralProgressCard
        progress={progress}
        unverifiedCount={user.unverifiedReferralCount}
        isReferred={user.isReferred}
        canEnterCode={canEnterReferralCode(user)}
        onOpen={setDialog}
      />
      <ReferralStepsTable count={progress.count} current={progress.current} />
      <ShareCodeDialog open={dialog === 'share'} onClose={close} code={user.referralCode} />
      <EnterCodeDialog open={dialog === 'enter'} onClose={close} />
      <RedeemDialog open={dialog === 'redeem'} onClose={close} email={user.email} />
    </Box>
  );
}
