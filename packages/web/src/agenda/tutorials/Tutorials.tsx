import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MobileStepper from '@mui/material/MobileStepper';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { newTaskRoute } from '../routes';
import type { WireTimelineState } from '../types';
import { finishTutorial, type TutorialName } from './tutorial-state';
import { TutorialCard } from './TutorialCard';

/** The web has no calendar sync yet, so onboarding has its 4 steps (spec 4: 5 with sync). */
export const HAS_CALENDAR_SYNC = false;
const STEPS = [
  'welcome',
  'plan',
  'controls',
  'autoExtend',
  ...(HAS_CALENDAR_SYNC ? ['calendar'] : []),
];

const whiteButton = {
  bgcolor: '#fff',
  color: 'primary.main',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' },
};

function Onboarding({ state }: { state: WireTimelineState | null }) {
  const { t } = useTranslation('agenda');
  const [step, setStep] = useState(0);
  const [autoExtend, setAutoExtend] = useState(state?.autoExtend ?? true);
  const name = STEPS[step] ?? 'welcome';
  const isLast = step === STEPS.length - 1;
  const finish = async () => {
    // Spec 4: the auto-extend choice is saved when onboarding finishes.
    if (state && autoExtend !== state.autoExtend)
      await fire(agendaActions.setAutoExtend(autoExtend));
    await fire(finishTutorial('onboarding'));
  };
  return (
    <TutorialCard
      title={t(`tutorials.onboarding.${name}.title`)}
      onDismiss={() => void fire(finishTutorial('onboarding'))}
      testId="tutorial-onboarding"
      actions={
        <>
          <MobileStepper
            variant="dots"
            steps={STEPS.length}
            activeStep={step}
            position="static"
            backButton={null}
            nextButton={null}
            sx={{
              bgcolor: 'transparent',
              p: 0,
              flex: 1,
              '& .MuiMobileStepper-dot': { bgcolor: 'rgba(255,255,255,0.4)' },
              '& .MuiMobileStepper-dotActive': { bgcolor: '#fff' },
            }}
          />
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} sx={{ color: '#fff' }}>
              {t('tutorials.back')}
            </Button>
          )}
          <Button
            variant="contained"
            onClick={() => (isLast ? void finish() : setStep(step + 1))}
            sx={whiteButton}
          >
            {t(isLast ? 'tutorials.finish' : 'tutorials.next')}
          </Button>
        </>
      }
    >
      {t(`tutorials.onboarding.${name}.text`)}
      {name === 'autoExtend' && (
        <Box sx={{ mt: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={autoExtend}
                onChange={(e) => setAutoExtend(e.target.checked)}
                color="default"
              />
            }
            label={t('controls.autoExtend')}
          />
        </Box>
      )}
    </TutorialCard>
  );
}

/** The tutorial card the agenda shows now (one at a time, in the spec's priority order). */
export function TutorialSlot({
  name,
  state,
}: {
  name: TutorialName | null;
  state: WireTimelineState | null;
}) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  if (name === 'onboarding') return <Onboarding state={state} />;
  if (name === 'firstTask') {
    return (
      <TutorialCard
        title={t('tutorials.firstTask.title')}
        onDismiss={() => void fire(finishTutorial('firstTask'))}
        testId="tutorial-firstTask"
        actions={
          <Button variant="contained" sx={whiteButton} onClick={() => navigate(newTaskRoute())}>
            {t('create.task')}
          </Button>
        }
      >
        {t('tutorials.firstTask.text')}
      </TutorialCard>
    );
  }
  if (name === 'autoExtend' || name === 'focusView') {
    return (
      <TutorialCard
        title={t(`tutorials.${name}.title`)}
        onDismiss={() => void fire(finishTutorial(name))}
        testId={`tutorial-${name}`}
        actions={
          <Button
            variant="contained"
            sx={whiteButton}
            onClick={() => void fire(finishTutorial(name))}
          >
            {t('tutorials.gotIt')}
          </Button>
        }
      >
        {t(`tutorials.${name}.text`)}
      </TutorialCard>
    );
  }
  return null;
}
