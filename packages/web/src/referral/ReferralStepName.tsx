import type { ReferralStep } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { REFERRAL_NS } from './referral-text';

/** The step's name: 1..6, then the top. */
export function StepName({ step }: { step: ReferralStep }) {
  const { t } = useTranslation(REFERRAL_NS);
  return (
    <>{step.step === 'max' ? t('progress.topStep') : t('progress.step', { step: step.step })}</>
  );
}
